import type { ValidationAnswer, ValidationOp, ValidationRequest } from '../validation/protocol';
import { ValidationHost } from '../validation/validation-host';
import type { ValidatorLike } from './store-types';
import { minimalEdit } from './text-diff';

/** Where validation runs: a Web Worker in the app, the page itself in tests and as a fallback. */
export interface ValidationBackend {
  /** Sends a request; answers arrive through the `onAnswer` listener (maybe synchronously). */
  post(request: ValidationRequest): void;
  /**
   * Sets the one listener of answers, and of the loss of the validator's state (it crashed and
   * was replaced): the client then sends every text again.
   */
  onAnswer(listener: (answer: ValidationAnswer) => void, onLost?: () => void): void;
  dispose(): void;
}

/** A backend running the validator on the calling thread, answering synchronously. */
export function inlineBackend(makeValidator: () => ValidatorLike): ValidationBackend {
  const host = new ValidationHost(makeValidator);
  let listener: ((a: ValidationAnswer) => void) | null = null;
  return {
    post(request) {
      host.receive(request);
      if (request.validate) listener?.(host.answer());
    },
    onAnswer(fn) {
      listener = fn;
    },
    dispose() {
      listener = null;
    },
  };
}

/**
 * The renderer's side of validation. Keeps the text it last sent for each document, so a change
 * goes out as the smallest edit; requests go out only when asked (after the store's debounce).
 * Guarantees: answers from before the last `reset` are dropped; a path the validator could not
 * follow is sent whole again.
 */
export class ValidationClient {
  private readonly sent = new Map<string, string>();
  private ops: ValidationOp[] = [];
  private seq = 0;
  private resetSeq = 0;
  /** Highest request number answered so far. */
  answered = 0;

  constructor(
    private readonly backend: ValidationBackend,
    private readonly onResult: (answer: ValidationAnswer) => void,
  ) {
    backend.onAnswer(
      (a) => this.receive(a),
      () => this.replay(),
    );
  }

  /** Sends every text again from scratch (the validator lost its state). */
  replay(): void {
    this.ops = [
      { op: 'reset' },
      ...[...this.sent].map(([path, text]) => ({ op: 'set' as const, path, text })),
    ];
    this.request();
  }

  /** Forgets every document (a new workspace). */
  reset(): void {
    this.sent.clear();
    this.ops = [{ op: 'reset' }];
    this.resetSeq = this.seq + 1;
  }

  /** Makes the validator hold `text` for `path` (no-op when it already does). */
  setFile(path: string, text: string): void {
    const before = this.sent.get(path);
    if (before === text) return;
    this.sent.set(path, text);
    if (before === undefined) {
      this.ops.push({ op: 'set', path, text });
      return;
    }
    const edit = minimalEdit(before, text)!;
    // A replacement of most of the document is cheaper to send whole.
    if (edit.text.length > text.length / 2) this.ops.push({ op: 'set', path, text });
    else this.ops.push({ op: 'edit', path, ...edit });
  }

  /** Makes the validator forget a path. */
  removeFile(path: string): void {
    if (!this.sent.delete(path)) return;
    this.ops.push({ op: 'remove', path });
  }

  /** The text the validator holds for a path, as far as this side knows. */
  textOf(path: string): string | undefined {
    return this.sent.get(path);
  }

  /** Sends the pending changes and asks for diagnostics. */
  request(): void {
    this.post(true);
  }

  /** Sends the pending changes without asking for an answer (nothing when none). */
  push(): void {
    if (this.ops.length > 0) this.post(false);
  }

  /** Whether a request is still unanswered. */
  pending(): boolean {
    return this.answered < this.seq;
  }

  dispose(): void {
    this.backend.dispose();
  }

  private post(validate: boolean): void {
    const request: ValidationRequest = { seq: ++this.seq, ops: this.ops, validate };
    this.ops = [];
    this.backend.post(request);
  }

  private receive(answer: ValidationAnswer): void {
    if (answer.seq < this.resetSeq) return;
    this.answered = Math.max(this.answered, answer.seq);
    if (answer.resync.length > 0) {
      for (const path of answer.resync) {
        const text = this.sent.get(path);
        this.ops.push(text === undefined ? { op: 'remove', path } : { op: 'set', path, text });
      }
      this.request();
    }
    this.onResult(answer);
  }
}
