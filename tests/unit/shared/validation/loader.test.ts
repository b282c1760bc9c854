import { describe, expect, it } from 'vitest';
import { loadYaml, migrate } from '../../../../src/shared/validation';
import type { Migration } from '../../../../src/shared/validation';
import { didYouMean, editDistance } from '../../../../src/shared/validation';

describe('loadYaml', () => {
  it('reads kind, id and plain data, keeping the Document', () => {
    const doc = loadYaml('r.yaml', 'kind: ruleset\nschemaVersion: 1\nid: ties # comment\nclash: {tie: defender}\n');
    expect(doc.kind).toBe('ruleset');
    expect(doc.id).toBe('ties');
    expect(doc.data).toEqual({ kind: 'ruleset', schemaVersion: 1, id: 'ties', clash: { tie: 'defender' } });
    expect(doc.document!.toString()).toContain('# comment');
    expect(doc.diagnostics).toEqual([]);
  });

  it('points at the value for a bad value and at the key for an unknown property', () => {
    const text = 'kind: ruleset\nschemaVersion: 1\nid: ties\nclash:\n  tie: sometimes\n  tye: x\n';
    const ds = loadYaml('r.yaml', text).diagnostics;
    expect(ds.map((d) => [d.line, d.column, d.endLine, d.endColumn, d.code])).toEqual([
      [6, 3, 6, 6, 'schema'],
      [5, 8, 5, 17, 'schema'],
    ]);
    expect(ds[0].message).toBe("ruleset 'ties': unknown property 'tye' — did you mean 'tie'?");
    expect(ds[1].message).toContain("clash.tie 'sometimes' is not one of: standoff, attacker, defender, bothDamaged, reroll");
  });

  it('points at the parent key for a missing property, or the first key of a top-level mapping', () => {
    const nested = loadYaml('t.yaml', 'kind: crewType\nschemaVersion: 1\nid: t\nname: T\nbase: machine\ndice: [d6]\nhealth:\n  min: 1\n');
    expect(nested.diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([[7, 1, "crewType 't': health: missing required property 'max'; add it (e.g. max: 3)"]]);
    const top = loadYaml('w.yaml', '# manifest\nkind: workspace\nschemaVersion: 1\n');
    expect(top.diagnostics.map((d) => [d.line, d.column, d.code])).toEqual([[2, 1, 'schema']]);
  });

  it('refuses a newer schemaVersion and says so', () => {
    const doc = loadYaml('c.yaml', 'kind: crew\nschemaVersion: 7\nid: c\n');
    expect(doc.data).toBeNull();
    expect(doc.kind).toBe('crew');
    expect(doc.diagnostics).toEqual([expect.objectContaining({ code: 'schema-version', line: 2, column: 16 })]);
    expect(doc.diagnostics[0].message).toContain('newer than this version of Mortisphere Studio understands');
  });

  it('reports an empty file and a non-mapping document', () => {
    expect(loadYaml('e.yaml', '').diagnostics.map((d) => d.code)).toEqual(['unknown-kind']);
    expect(loadYaml('l.yaml', '- a\n- b\n').diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['unknown-kind', 1, 1]]);
  });
});

describe('migrate', () => {
  const steps: Migration[] = [
    { from: 1, describe: 'renamed hp to health', apply: (d) => ({ ...d, health: d.hp, hp: undefined }) },
    { from: 2, describe: 'added tags', apply: (d) => ({ ...d, tags: [] }) },
  ];
  it('applies consecutive steps in memory without mutating the input', () => {
    const input = { kind: 'crew', schemaVersion: 1, hp: 3 };
    const out = migrate(input, steps, 3);
    expect(out).toMatchObject({ ok: true, data: { schemaVersion: 3, health: 3, tags: [] } });
    expect(input).toEqual({ kind: 'crew', schemaVersion: 1, hp: 3 });
  });
  it('refuses newer, older and gapped versions', () => {
    expect(migrate({ schemaVersion: 4 }, steps, 3)).toMatchObject({ ok: false, reason: 'newer' });
    expect(migrate({ schemaVersion: 0 }, steps, 3)).toMatchObject({ ok: false, reason: 'older' });
    expect(migrate({ schemaVersion: 1 }, [steps[0]], 3)).toMatchObject({ ok: false, reason: 'gap' });
  });
  it('passes the current version through untouched', () => {
    const d = { schemaVersion: 1 };
    expect(migrate(d)).toEqual({ ok: true, data: d, applied: [] });
  });
});

describe('did you mean', () => {
  it('measures edit distance and suggests close names only', () => {
    expect(editDistance('helth', 'health')).toBe(1);
    expect(didYouMean('helth', ['name', 'health', 'die'])).toBe(" — did you mean 'health'?");
    expect(didYouMean('zzzzzz', ['name', 'health'])).toBe('');
  });
});
