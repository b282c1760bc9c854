import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { DICE } from '../../../../src/shared/model/types';
import { WorkspaceValidator, loadYaml } from '../../../../src/shared/validation';

const id = fc.stringMatching(/^[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,5}){0,2}$/);
const name = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0);
const member = fc.record({
  id,
  name,
  type: fc.constantFrom('survivor', 'machine', 'mutant'),
  die: fc.constantFrom(...DICE),
  health: fc.integer({ min: 1, max: 6 }),
});
const crew = fc
  .record({ id, name, npc: fc.boolean(), members: fc.uniqueArray(member, { minLength: 1, maxLength: 6, selector: (m) => m.id }) })
  .map((c) => ({ kind: 'crew', schemaVersion: 1, ...c, members: c.members.map((m, i) => (i === 0 ? { ...m, captain: true } : m)) }));

describe('validator properties', () => {
  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const v = new WorkspaceValidator();
        v.setFile('a.yaml', text);
        v.setFile('mortisphere.yaml', `kind: workspace\nschemaVersion: 1\nname: x\n${text}`);
        expect(Array.isArray(v.diagnostics())).toBe(true);
        v.model();
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on YAML-ish text built from YAML punctuation', () => {
    const piece = fc.constantFrom('kind: crew\n', 'members:\n', '  - ', '[', ']', '{', '}', ': ', '&a ', '*a ', '!!str ', '? ', '---\n', '"', "'", '#', '\n', '  ', 'id: x\n', '__proto__: ', 'd7');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const doc = loadYaml('y.yaml', parts.join(''));
        expect(Array.isArray(doc.diagnostics)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('valid generated crews load without diagnostics and round-trip parse → serialise', () => {
    fc.assert(
      fc.property(crew, (doc) => {
        const text = stringify(doc);
        const loaded = loadYaml('crews/c.yaml', text);
        expect(loaded.diagnostics).toEqual([]);
        expect(loaded.data).toEqual(doc);
        expect(loaded.document!.toString()).toBe(text);
        expect(loadYaml('crews/c.yaml', stringify(loaded.data)).data).toEqual(doc);
      }),
      { numRuns: 150 },
    );
  });
});
