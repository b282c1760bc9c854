import type { Diagnostic } from '../../shared/diagnostics';

/** One workspace file sent to the validation worker. */
export interface ValidateFile {
  path: string;
  text: string;
}

/** Main → validation worker: validate these files. */
export interface ValidateRequest {
  id: number;
  files: ValidateFile[];
}

/** Validation worker → main: the diagnostics of request `id`, or why it failed. */
export type ValidateReply = { id: number; ok: true; diagnostics: Diagnostic[] } | { id: number; ok: false; message: string };
