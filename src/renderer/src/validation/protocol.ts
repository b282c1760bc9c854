import type { Diagnostic } from '../../../shared/diagnostics';
import type { WorkspaceModel } from '../../../shared/model/workspace';

/**
 * One change of the documents the validator holds. `edit` replaces `[start, end)` (UTF-16
 * offsets in the text the validator holds for `path`) by `text`: typing sends a few characters,
 * not the whole document. `reset` forgets every document (another workspace was opened).
 */
export type ValidationOp =
  | { op: 'reset' }
  | { op: 'set'; path: string; text: string }
  | { op: 'edit'; path: string; start: number; end: number; text: string }
  | { op: 'remove'; path: string };

/** Renderer → validator: changes to apply in order, then (when `validate`) an answer. */
export interface ValidationRequest {
  /** Increases with every request; the answer carries the highest one applied. */
  seq: number;
  ops: ValidationOp[];
  validate: boolean;
}

/**
 * Validator → renderer: the diagnostics and model of every document received up to `seq`.
 * A field is null when it did not change since the previous answer (nothing to copy across).
 */
export interface ValidationAnswer {
  seq: number;
  diagnostics: Diagnostic[] | null;
  model: WorkspaceModel | null;
  /** Paths whose `edit` did not fit the text the validator held: send their whole text again. */
  resync: string[];
  /** Set when validation itself failed (a bug): the message to show. */
  error: string | null;
  /** Milliseconds the validator worked on this answer (parse + checks). */
  ms: number;
}
