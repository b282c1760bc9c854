import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { LanguageIndex } from '../../../../src/shared/language/language-index';
import { planRename } from '../../../../src/shared/language/rename';
import { symbolKey } from '../../../../src/shared/language/symbols';
import { validateFiles } from '../../../../src/shared/validation';
import { arbitraryWorkspace } from './random-workspace';

const problems = (docs: Record<string, string>): string[] =>
  validateFiles(Object.entries(docs).map(([path, text]) => ({ path, text }))).diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`);

/** Every string of a value with `from` replaced by `to` where it stands as a whole id or an id part. */
function mapIds(v: unknown, from: string, to: string): unknown {
  const swap = (s: string): string => s.split(/([/:(), ])/).map((part) => (part === from ? to : part)).join('');
  if (typeof v === 'string') return swap(v);
  if (Array.isArray(v)) return v.map((x) => mapIds(x, from, to));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [swap(k), mapIds(x, from, to)]));
  return v;
}

describe('rename property', () => {
  it('the generator makes valid workspaces', () => {
    fc.assert(
      fc.property(arbitraryWorkspace, (docs) => {
        expect(problems(docs)).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });

  it('renaming any id in a random valid workspace leaves it valid and changes only the places of that id', () => {
    fc.assert(
      fc.property(arbitraryWorkspace, fc.nat(), fc.constantFrom('zed', 'new-id-9', 'q'), (docs, which, fresh) => {
        const index = new LanguageIndex();
        index.sync(docs);
        const symbols = index.definedSymbols();
        const target = symbols[which % symbols.length]!.symbol;
        const newId = `${fresh}-${target.id}`;
        const plan = planRename(index, target, newId);
        expect(plan.ok, symbolKey(target)).toBe(true);
        if (!plan.ok) return;
        const after = { ...docs };
        for (const f of plan.value.files) {
          // Only the id's own characters change, each edit over exactly the old id.
          for (const e of f.edits) expect(f.before.slice(e.start, e.end)).toBe(target.id);
          after[f.path] = f.after;
        }
        expect(problems(after), `after renaming ${symbolKey(target)} to ${newId}`).toEqual([]);
        // The data differs only where the id was written: mapping the new id back gives the old data.
        for (const f of plan.value.files) expect(mapIds(parse(f.after), newId, target.id)).toEqual(parse(f.before));
        // And renaming back restores every file byte for byte.
        const back = new LanguageIndex();
        back.sync(after);
        const undo = planRename(back, { ...target, id: newId }, target.id);
        expect(undo.ok).toBe(true);
        if (!undo.ok) return;
        const restored = { ...after };
        for (const f of undo.value.files) restored[f.path] = f.after;
        expect(restored).toEqual(docs);
      }),
      { numRuns: 40 },
    );
  });
});
