import type { Diagnostic } from '../../../shared/diagnostics';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import type { ValidatorLike } from '../state/store-types';
import type { ValidationAnswer, ValidationOp, ValidationRequest } from './protocol';

/**
 * The validator's side of the protocol, shared by the Web Worker and the inline fallback.
 * Guarantees: ops apply in the order received; documents are parsed only when an answer is
 * built (a burst of edits costs one parse per changed file); an answer holds exactly what the
 * wrapped validator reports for the texts received, and omits what did not change.
 */
export class ValidationHost {
  private validator: ValidatorLike;
  private readonly texts = new Map<string, string>();
  private readonly changed = new Set<string>();
  private readonly resync = new Set<string>();
  private lastDiagnostics: Diagnostic[] | null = null;
  private lastModel: WorkspaceModel | null = null;
  private seq = 0;

  constructor(
    private readonly makeValidator: () => ValidatorLike,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.validator = makeValidator();
  }

  /** Applies the ops of a request (cheap: texts only, no parsing). */
  receive(request: ValidationRequest): void {
    for (const op of request.ops) this.apply(op);
    this.seq = Math.max(this.seq, request.seq);
  }

  /** The text held for a path (tests and diagnostics of the protocol itself). */
  text(path: string): string | undefined {
    return this.texts.get(path);
  }

  private apply(op: ValidationOp): void {
    switch (op.op) {
      case 'reset':
        this.validator = this.makeValidator();
        this.texts.clear();
        this.changed.clear();
        this.resync.clear();
        this.lastDiagnostics = null;
        this.lastModel = null;
        return;
      case 'set':
        this.texts.set(op.path, op.text);
        this.resync.delete(op.path);
        break;
      case 'remove':
        this.texts.delete(op.path);
        this.resync.delete(op.path);
        break;
      case 'edit': {
        const old = this.texts.get(op.path);
        if (
          old === undefined ||
          op.start < 0 ||
          op.end < op.start ||
          op.end > old.length ||
          this.resync.has(op.path)
        ) {
          this.resync.add(op.path);
          return;
        }
        this.texts.set(op.path, old.slice(0, op.start) + op.text + old.slice(op.end));
        break;
      }
    }
    this.changed.add(op.path);
  }

  /** Parses what changed, runs the checks, and reports what differs from the last answer. */
  answer(): ValidationAnswer {
    const started = this.now();
    const resync = [...this.resync];
    try {
      for (const path of this.changed) {
        const text = this.texts.get(path);
        if (text === undefined) this.validator.removeFile(path);
        else this.validator.setFile(path, text);
      }
      this.changed.clear();
      const diagnostics = this.validator.diagnostics();
      const model = this.validator.model();
      const answer: ValidationAnswer = {
        seq: this.seq,
        diagnostics: diagnostics === this.lastDiagnostics ? null : diagnostics,
        model: model === this.lastModel ? null : model,
        resync,
        error: null,
        ms: this.now() - started,
      };
      this.lastDiagnostics = diagnostics;
      this.lastModel = model;
      return answer;
    } catch (e) {
      this.changed.clear();
      const message = `The validator failed (${String(e)}). The Problems list may be out of date; reload the window, and report this with the file you were editing.`;
      return {
        seq: this.seq,
        diagnostics: null,
        model: null,
        resync,
        error: message,
        ms: this.now() - started,
      };
    }
  }
}
