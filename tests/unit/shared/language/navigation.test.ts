import { describe, expect, it } from 'vitest';
import { hoverLines } from '../../../../src/shared/language/hover';
import { LanguageIndex } from '../../../../src/shared/language/language-index';
import { definitionAt, LineMap, quickOpenEntries, referencesAt } from '../../../../src/shared/language/navigation';
import { exampleDocuments } from '../engine/bots/example-setups';

const docs = exampleDocuments();
const index = new LanguageIndex();
index.sync(docs);
/** Offset of the n-th (0-based) occurrence of `needle` in a file, plus `delta`. */
const at = (file: string, needle: string, n = 0, delta = 1): number => {
  let i = -1;
  for (let k = 0; k <= n; k++) i = docs[file]!.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`${needle} not in ${file}`);
  return i + delta;
};

describe('go to definition and references', () => {
  it('a crew reference in a scenario leads to the crew file', () => {
    const places = definitionAt(index, 'scenarios/drowned-foundry.yaml', at('scenarios/drowned-foundry.yaml', 'crew: iron-choir', 0, 7));
    expect(places.map((p) => [p.file, p.line, p.lineText.trim()])).toEqual([['crews/iron-choir.yaml', docs['crews/iron-choir.yaml']!.split('\n').findIndex((l) => l.startsWith('id: iron-choir')) + 1, 'id: iron-choir']]);
  });

  it('a member inside a campaign ledger resolves to the member of that crew', () => {
    const file = 'campaigns/ashen-reach.yaml';
    const places = definitionAt(index, file, at(file, 'rot-saints/ash-mother', 0, 12));
    expect(places).toHaveLength(1);
    expect(places[0]!.file).toBe('crews/rot-saints.yaml');
    expect(places[0]!.lineText).toContain('ash-mother');
  });

  it('finds every reference of an Area within its scenario, definition first', () => {
    const file = 'scenarios/drowned-foundry.yaml';
    const r = referencesAt(index, file, at(file, '- id: foundry-floor', 0, 7))!;
    expect(r.title).toBe("Area 'foundry-floor' of scenario 'drowned-foundry'");
    expect(r.places[0]!.role).toBe('definition');
    // links from gate, reactor-vault and sluice, plus the control objective.
    expect(r.places.filter((p) => p.role === 'reference').map((p) => p.lineText.trim())).toEqual([
      'links: [foundry-floor]',
      'links: [foundry-floor]',
      'links: [foundry-floor]',
      '- {id: hold-the-floor, name: Hold the Foundry Floor, area: foundry-floor, kind: control, points: 1}',
    ]);
  });

  it('an ability is referenced across crew files and crew types', () => {
    const file = 'libraries/abilities.yaml';
    const text = docs[file]!;
    const first = /- id: ([a-z0-9-]+)/.exec(text)!;
    const r = referencesAt(index, file, first.index + 7)!;
    const files = new Set(r.places.map((p) => p.file));
    expect(files.has(file)).toBe(true);
    expect(r.places.filter((p) => p.role === 'reference').length).toBeGreaterThan(0);
  });

  it('LineMap converts offsets both ways', () => {
    const m = new LineMap('ab\ncd\r\nef');
    expect(m.position(4)).toEqual({ line: 2, column: 2 });
    expect(m.offset(3, 2)).toBe(8);
    expect(m.lineText(2)).toBe('cd');
  });
});

describe('hover', () => {
  it("a member shows its die and Health, an Area its links, an ability its effects", () => {
    expect(hoverLines(index, { kind: 'member', id: 'warden-7', scope: 'iron-choir' }).join('\n')).toMatch(/Warden-7: d\d+, Health \d/);
    const gate = hoverLines(index, { kind: 'area', id: 'gate', scope: 'drowned-foundry' });
    expect(gate[0]).toBe('The Gate (Area gate of drowned-foundry)');
    expect(gate[1]).toBe('Links: Foundry Floor — moves from here must follow them (R8.2)');
    const ability = index.definedSymbols().find((o) => o.symbol.kind === 'ability')!.symbol;
    expect(hoverLines(index, ability)[1]).toMatch(/^Effects: /);
    expect(hoverLines(index, { kind: 'ruleset', id: 'core' })[0]).toMatch(/Built-in ruleset 'core'/);
    expect(hoverLines(index, { kind: 'crew', id: 'nobody' })).toEqual(["Unknown crew 'nobody': nothing defines it yet"]);
  });
});

describe('quick open', () => {
  it('lists documents and the ids inside them, by name', () => {
    const entries = quickOpenEntries(index, [{ path: 'crews/iron-choir.yaml', name: 'The Iron Choir', id: 'iron-choir', kind: 'crew' }]);
    expect(entries[0]).toMatchObject({ label: 'The Iron Choir', kind: 'document', file: 'crews/iron-choir.yaml' });
    const warden = entries.find((e) => e.kind === 'member' && e.detail.startsWith('member warden-7 of iron-choir'))!;
    expect(warden.label).toBe('Warden-7');
    expect(warden.file).toBe('crews/iron-choir.yaml');
    expect(entries.some((e) => e.kind === 'area' && e.label === 'The Gate')).toBe(true);
  });
});
