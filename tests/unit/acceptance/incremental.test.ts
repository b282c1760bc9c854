import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkspaceValidator, validateFiles } from '../../../src/shared/validation';
import type { Diagnostic } from '../../../src/shared/diagnostics';
import { ACCEPTANCE, FIXTURES, readTree } from './acceptance-helpers';
import { BROKEN_CASES } from './broken-cases';

type Op = { t: 'case'; i: number } | { t: 'delete'; i: number } | { t: 'restore'; i: number } | { t: 'revert'; i: number };

const key = (d: Diagnostic) => JSON.stringify([d.file, d.line, d.column, d.endLine, d.endColumn, d.severity, d.code, d.message]);
const canon = (ds: readonly Diagnostic[]) => ds.map(key).sort();

describe('acceptance: incremental validation equals validation from scratch', () => {
  it.each(FIXTURES.map((f) => [f]))('%s: after any sequence of edits, deletions and restores', (fixture) => {
    const original = readTree(join(ACCEPTANCE, fixture));
    const cases = BROKEN_CASES.filter((c) => c.fixture === fixture);
    const paths = [...new Set([...original.map((f) => f.path), ...cases.flatMap((c) => c.edits.map((e) => e.file))])].sort();
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 4, arbitrary: fc.nat(cases.length - 1).map((i) => ({ t: 'case' as const, i })) },
      { weight: 1, arbitrary: fc.nat(paths.length - 1).map((i) => ({ t: 'delete' as const, i })) },
      { weight: 1, arbitrary: fc.nat(paths.length - 1).map((i) => ({ t: 'restore' as const, i })) },
      { weight: 1, arbitrary: fc.nat(paths.length - 1).map((i) => ({ t: 'revert' as const, i })) },
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 8 }), (ops) => {
        const texts = new Map(original.map((f) => [f.path, f.text]));
        const v = new WorkspaceValidator();
        for (const [p, t] of texts) v.setFile(p, t);
        v.diagnostics();
        for (const o of ops) {
          if (o.t === 'case') {
            for (const e of cases[o.i].edits) {
              const cur = texts.get(e.file);
              const next = e.find === null ? e.replace : cur !== undefined && cur.includes(e.find) ? cur.replace(e.find, e.replace) : undefined;
              if (next === undefined) continue;
              texts.set(e.file, next);
              v.setFile(e.file, next);
            }
          } else if (o.t === 'delete') {
            texts.delete(paths[o.i]);
            v.removeFile(paths[o.i]);
          } else {
            // restore = put back the original text; revert also drops files the original lacks
            const orig = original.find((f) => f.path === paths[o.i]);
            if (orig) {
              texts.set(orig.path, orig.text);
              v.setFile(orig.path, orig.text);
            } else if (o.t === 'revert') {
              texts.delete(paths[o.i]);
              v.removeFile(paths[o.i]);
            }
          }
          const full = validateFiles([...texts].map(([path, text]) => ({ path, text }))).diagnostics;
          expect(canon(v.diagnostics())).toEqual(canon(full));
        }
      }),
      { numRuns: 60 },
    );
  });
});
