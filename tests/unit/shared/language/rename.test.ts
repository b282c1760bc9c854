import { describe, expect, it } from 'vitest';
import { LanguageIndex } from '../../../../src/shared/language/language-index';
import { planRename } from '../../../../src/shared/language/rename';
import { symbolKey } from '../../../../src/shared/language/symbols';
import { validateFiles } from '../../../../src/shared/validation';
import { exampleDocuments } from '../engine/bots/example-setups';

const indexOf = (docs: Record<string, string>): LanguageIndex => {
  const index = new LanguageIndex();
  index.sync(docs);
  return index;
};
const diagnosticsOf = (docs: Record<string, string>) =>
  validateFiles(Object.entries(docs).map(([path, text]) => ({ path, text }))).diagnostics.map((d) => `${d.file} ${d.code} ${d.message}`);

describe('rename across the example workspace', () => {
  it('renaming every defined id keeps the example valid', () => {
    const docs = exampleDocuments();
    expect(diagnosticsOf(docs)).toEqual([]);
    const index = indexOf(docs);
    const symbols = index.definedSymbols();
    const kinds = new Set(symbols.map((o) => o.symbol.kind));
    expect([...kinds].sort()).toEqual(['ability', 'area', 'campaign', 'crew', 'crewType', 'equipment', 'member', 'objective', 'ruleset', 'scenario', 'side']);
    for (const o of symbols) {
      const plan = planRename(index, o.symbol, `${o.symbol.id}-x`);
      expect(plan.ok, symbolKey(o.symbol)).toBe(true);
      if (!plan.ok) continue;
      const next = { ...docs };
      for (const f of plan.value.files) next[f.path] = f.after;
      expect(diagnosticsOf(next), `after renaming ${symbolKey(o.symbol)}`).toEqual([]);
    }
  });
});
