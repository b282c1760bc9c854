import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorkspaceValidator, validateFiles } from '../../../../src/shared/validation';
import { inlineBackend, ValidationClient } from '../../../../src/renderer/src/state/validation-client';
import type { ValidationAnswer } from '../../../../src/renderer/src/validation/protocol';
import { ValidationHost } from '../../../../src/renderer/src/validation/validation-host';
import { exampleDocuments } from '../testrun/example';

const CREW = 'crews/iron-choir.yaml';

function hostOf(files: Record<string, string>) {
  let validator!: WorkspaceValidator;
  const host = new ValidationHost(() => (validator = new WorkspaceValidator()));
  host.receive({
    seq: 1,
    validate: true,
    ops: Object.entries(files).map(([path, text]) => ({ op: 'set' as const, path, text })),
  });
  return { host, validator: () => validator };
}

describe('ValidationHost (the worker side)', () => {
  it('answers with exactly what the shared validator (the CLI code) reports for the texts received', () => {
    const docs = exampleDocuments();
    const broken = docs[CREW].replace('die: d10', 'die: d7');
    const { host } = hostOf(docs);
    const first = host.answer();
    expect(first.diagnostics).toEqual(
      validateFiles(Object.entries(docs).map(([path, text]) => ({ path, text }))).diagnostics,
    );
    const at = docs[CREW].indexOf('die: d10') + 'die: d'.length;
    host.receive({
      seq: 2,
      validate: true,
      ops: [{ op: 'edit', path: CREW, start: at, end: at + 2, text: '7' }],
    });
    expect(host.text(CREW)).toBe(broken);
    const second = host.answer();
    expect(second.seq).toBe(2);
    expect(second.diagnostics).toEqual(
      validateFiles(Object.entries({ ...docs, [CREW]: broken }).map(([path, text]) => ({ path, text })))
        .diagnostics,
    );
    expect(second.diagnostics?.some((d) => d.file === CREW && d.message.includes('d7'))).toBe(true);
  });

  it('parses only when answering: a burst of edits to one file costs one parse', () => {
    const docs = exampleDocuments();
    const { host, validator } = hostOf(docs);
    host.answer();
    const parsesBefore = validator().stats.parses;
    let text = docs[CREW];
    for (let i = 0; i < 10; i++) {
      const at = text.indexOf('name: The Iron Choir') + 'name: The Iron Choir'.length;
      host.receive({
        seq: 2 + i,
        validate: true,
        ops: [{ op: 'edit', path: CREW, start: at, end: at, text: String(i) }],
      });
      text = text.slice(0, at) + String(i) + text.slice(at);
    }
    expect(validator().stats.parses).toBe(parsesBefore);
    host.answer();
    expect(validator().stats.parses).toBe(parsesBefore + 1);
    expect(host.text(CREW)).toBe(text);
  });

  it('leaves out of an answer what did not change since the last one', () => {
    const { host } = hostOf(exampleDocuments());
    const first = host.answer();
    expect(first.diagnostics).not.toBeNull();
    expect(first.model?.crews.has('iron-choir')).toBe(true);
    const again = host.answer();
    expect(again).toMatchObject({ diagnostics: null, model: null, resync: [], error: null });
  });

  it('asks for the whole text again when an edit does not fit the text it holds', () => {
    const { host } = hostOf({ 'a.yaml': 'kind: crew\n' });
    host.receive({
      seq: 2,
      validate: true,
      ops: [{ op: 'edit', path: 'a.yaml', start: 5, end: 500, text: 'x' }],
    });
    host.receive({
      seq: 3,
      validate: true,
      ops: [{ op: 'edit', path: 'b.yaml', start: 0, end: 0, text: 'x' }],
    });
    expect(host.answer().resync.sort()).toEqual(['a.yaml', 'b.yaml']);
    expect(host.text('a.yaml')).toBe('kind: crew\n');
    host.receive({
      seq: 4,
      validate: true,
      ops: [
        { op: 'set', path: 'a.yaml', text: 'kind: crew\nid: a\n' },
        { op: 'remove', path: 'b.yaml' },
      ],
    });
    expect(host.answer().resync).toEqual([]);
  });

  it('reset forgets every document and the next answer is complete', () => {
    const { host, validator } = hostOf(exampleDocuments());
    host.answer();
    const old = validator();
    host.receive({
      seq: 2,
      validate: true,
      ops: [{ op: 'reset' }, { op: 'set', path: 'x.yaml', text: 'kind: crew\n' }],
    });
    const a = host.answer();
    expect(validator()).not.toBe(old);
    expect(validator().paths()).toEqual(['x.yaml']);
    expect(a.diagnostics).not.toBeNull();
    expect(a.model).not.toBeNull();
  });

  it('a validator that throws gives an error answer, not a crash', () => {
    const host = new ValidationHost(() => ({
      setFile: () => {
        throw new Error('boom');
      },
      removeFile: () => undefined,
      diagnostics: () => [],
      model: () => {
        throw new Error('unreachable');
      },
    }));
    host.receive({ seq: 1, validate: true, ops: [{ op: 'set', path: 'a.yaml', text: 'x' }] });
    const a = host.answer();
    expect(a.error).toMatch(/validator failed \(Error: boom\).*reload/);
    expect(a.diagnostics).toBeNull();
  });

  it('client + host after random edit sequences equal a from-scratch validation of the final texts', () => {
    const docs = exampleDocuments();
    const paths = Object.keys(docs).sort();
    const edit = fc.record({
      file: fc.constantFrom(...paths),
      at: fc.nat(),
      cut: fc.nat({ max: 12 }),
      text: fc.constantFrom('', 'x', 'd7', '\n', '  - ', 'id: ', ': ', '#', 'iron-choir', 'kind: crew\n'),
      remove: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 8 }), (edits) => {
        const texts = new Map(Object.entries(docs));
        let answer: ValidationAnswer | null = null;
        const client = new ValidationClient(
          inlineBackend(() => new WorkspaceValidator()),
          (a) => (answer = a),
        );
        for (const [p, t] of texts) client.setFile(p, t);
        client.request();
        let diagnostics = answer!.diagnostics!;
        for (const e of edits) {
          if (e.remove && e.text === '') {
            texts.delete(e.file);
            client.removeFile(e.file);
          } else {
            const old = texts.get(e.file) ?? '';
            const at = e.at % (old.length + 1);
            const next = old.slice(0, at) + e.text + old.slice(Math.min(old.length, at + e.cut));
            texts.set(e.file, next);
            client.setFile(e.file, next);
          }
          client.request();
          diagnostics = answer!.diagnostics ?? diagnostics;
        }
        const scratch = validateFiles([...texts].map(([path, text]) => ({ path, text })));
        expect(diagnostics).toEqual(scratch.diagnostics);
      }),
      { numRuns: 25 },
    );
  });
});
