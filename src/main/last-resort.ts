/** The parts of `process` the last-resort handlers use (a fake in tests). */
export interface ProcessLike {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: 'uncaughtException' | 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

/** One line (plus stack) describing `e`. */
export const describeError = (e: unknown): string => (e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : String(e));

/**
 * The last line of defence of a long-running host (`mortisphere serve`): an exception or rejection
 * that nothing handled is logged with its stack and the process keeps serving, as a trusted local
 * server must (one bad socket must not take every open tab down). Every known error source already
 * has its own handler; reaching this one is a bug, so it is always logged, never swallowed.
 * Returns a function that removes the handlers.
 */
export function installLastResort(log: (line: string) => void, proc: ProcessLike = process): () => void {
  const onException = (e: unknown): void => log(`mortisphere: internal error (kept serving; please report it): ${describeError(e)}`);
  const onRejection = (e: unknown): void => log(`mortisphere: internal error in a promise (kept serving; please report it): ${describeError(e)}`);
  proc.on('uncaughtException', onException);
  proc.on('unhandledRejection', onRejection);
  return () => {
    proc.off('uncaughtException', onException);
    proc.off('unhandledRejection', onRejection);
  };
}
