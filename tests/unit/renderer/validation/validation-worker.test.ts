import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateFiles } from '../../../../src/shared/validation';
import type { ValidationAnswer, ValidationRequest } from '../../../../src/renderer/src/validation/protocol';

/** Loads the worker entry with a fake worker scope; returns how to message it and what it posted. */
async function loadWorker() {
  const posted: ValidationAnswer[] = [];
  const scope = {
    onmessage: null as ((e: { data: ValidationRequest }) => void) | null,
    postMessage: (m: ValidationAnswer) => posted.push(m),
  };
  vi.stubGlobal('self', scope);
  vi.resetModules();
  await import('../../../../src/renderer/src/validation/validation.worker');
  return { send: (data: ValidationRequest) => scope.onmessage!({ data }), posted };
}

afterEach(() => vi.unstubAllGlobals());

describe('the validation worker entry', () => {
  it("answers a burst of requests once, with the shared validator's diagnostics", async () => {
    const w = await loadWorker();
    const files = {
      'crews/a.yaml':
        'kind: crew\nschemaVersion: 1\nid: a\nname: A\nmembers:\n  - id: m\n    name: M\n    die: d7\n    captain: true\n',
    };
    w.send({
      seq: 1,
      validate: true,
      ops: Object.entries(files).map(([path, text]) => ({ op: 'set' as const, path, text })),
    });
    w.send({ seq: 2, validate: true, ops: [] });
    w.send({ seq: 3, validate: false, ops: [] });
    expect(w.posted).toEqual([]);
    await new Promise((r) => setTimeout(r, 10));
    expect(w.posted).toHaveLength(1);
    expect(w.posted[0].seq).toBe(3);
    expect(w.posted[0].diagnostics).toEqual(
      validateFiles([{ path: 'crews/a.yaml', text: files['crews/a.yaml'] }]).diagnostics,
    );
    expect(w.posted[0].diagnostics?.some((d) => d.message.includes('d7'))).toBe(true);
  });

  it('sends nothing for requests that do not ask for an answer', async () => {
    const w = await loadWorker();
    w.send({ seq: 1, validate: false, ops: [{ op: 'set', path: 'a.yaml', text: 'kind: crew\n' }] });
    await new Promise((r) => setTimeout(r, 10));
    expect(w.posted).toEqual([]);
  });
});
