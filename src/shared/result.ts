/** Expected failures are values (STYLE.md "Errors are values"). */
export interface AppError {
  /** Stable code such as `file/not-found`, `file/conflict`, `action/illegal`. */
  code: string;
  /** Names the thing, the place and the fix. */
  message: string;
  path?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Wraps a value as a success. */
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
/** Builds a failure with a stable code and a human message. */
export const err = <T = never>(code: string, message: string, path?: string): Result<T> => ({
  ok: false,
  error: path === undefined ? { code, message } : { code, message, path },
});
