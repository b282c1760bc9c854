import { describe, expect, it } from 'vitest';
import type { ValidationBackend } from '../../../../src/renderer/src/state/validation-client';
import { ValidationClient } from '../../../../src/renderer/src/state/validation-client';
import type { ValidationAnswer, ValidationRequest } from '../../../../src/renderer/src/validation/protocol';

/** A backend that records requests and answers only when told to (like a worker). */
class ManualBackend implements ValidationBackend {
  requests: ValidationRequest[] = [];
  listener: ((a: ValidationAnswer) => void) | null = null;
  lost: (() => void) | null = null;
  post(r: ValidationRequest): void {
    this.requests.push(r);
  }
  onAnswer(fn: (a: ValidationAnswer) => void, onLost?: () => void): void {
    this.listener = fn;
    this.lost = onLost ?? null;
  }
  dispose(): void {}
  answer(seq: number, patch: Partial<ValidationAnswer> = {}): void {
    this.listener!({ seq, diagnostics: [], model: null, resync: [], error: null, ms: 1, ...patch });
  }
}

function setup() {
  const backend = new ManualBackend();
  const got: ValidationAnswer[] = [];
  const client = new ValidationClient(backend, (a) => got.push(a));
  return { backend, client, got };
}

const TEXT = 'kind: crew\nname: The Iron Choir\nmembers: []\n';

describe('ValidationClient', () => {
  it('sends a document whole once, then only the changed range; nothing for the same text', () => {
    const { backend, client } = setup();
    client.setFile('a.yaml', TEXT);
    client.setFile('a.yaml', TEXT.replace('Iron', 'Tin'));
    client.setFile('a.yaml', TEXT.replace('Iron', 'Tin'));
    client.request();
    expect(backend.requests).toHaveLength(1);
    expect(backend.requests[0]).toEqual({
      seq: 1,
      validate: true,
      ops: [
        { op: 'set', path: 'a.yaml', text: TEXT },
        // 'Iron' → 'Tin' shares the final 'n': only 'Iro' is replaced.
        {
          op: 'edit',
          path: 'a.yaml',
          start: TEXT.indexOf('Iron'),
          end: TEXT.indexOf('Iron') + 3,
          text: 'Ti',
        },
      ],
    });
    expect(client.textOf('a.yaml')).toBe(TEXT.replace('Iron', 'Tin'));
  });

  it('sends a mostly replaced document whole, and removals once', () => {
    const { backend, client } = setup();
    client.setFile('a.yaml', TEXT);
    client.setFile('a.yaml', 'something else entirely\n');
    client.removeFile('a.yaml');
    client.removeFile('a.yaml');
    client.removeFile('never-sent.yaml');
    client.push();
    expect(backend.requests[0].validate).toBe(false);
    expect(backend.requests[0].ops.map((o) => o.op)).toEqual(['set', 'set', 'remove']);
    client.push();
    expect(backend.requests).toHaveLength(1);
  });

  it('drops answers from before a reset (another workspace) and tracks what is pending', () => {
    const { backend, client, got } = setup();
    client.setFile('old.yaml', TEXT);
    client.request();
    client.reset();
    client.setFile('new.yaml', TEXT);
    client.request();
    expect(backend.requests[1].ops[0]).toEqual({ op: 'reset' });
    expect(client.pending()).toBe(true);
    backend.answer(1);
    expect(got).toEqual([]);
    backend.answer(2);
    expect(got.map((a) => a.seq)).toEqual([2]);
    expect(client.pending()).toBe(false);
  });

  it('resends the whole text of a path the validator could not follow', () => {
    const { backend, client } = setup();
    client.setFile('a.yaml', TEXT);
    client.request();
    backend.answer(1, { resync: ['a.yaml', 'gone.yaml'] });
    expect(backend.requests[1].ops).toEqual([
      { op: 'set', path: 'a.yaml', text: TEXT },
      { op: 'remove', path: 'gone.yaml' },
    ]);
  });

  it('sends everything again when the validator lost its state', () => {
    const { backend, client } = setup();
    client.setFile('a.yaml', TEXT);
    client.setFile('b.yaml', 'kind: crew\n');
    client.request();
    backend.lost!();
    expect(backend.requests[1].ops).toEqual([
      { op: 'reset' },
      { op: 'set', path: 'a.yaml', text: TEXT },
      { op: 'set', path: 'b.yaml', text: 'kind: crew\n' },
    ]);
    expect(backend.requests[1].validate).toBe(true);
  });
});
