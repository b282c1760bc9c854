import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CORE_RULESET } from '../../../../src/shared/model/ruleset-defaults';
import type { RulesetKnobs } from '../../../../src/shared/model/types';
import { areaGraph } from '../../../../src/shared/print/area-layout';
import { crewValue, dieSides, maxRollsByHealth, scenariosUsing, typeBreaches } from '../../../../src/renderer/src/forms/crew-math';
import { effectKeyOf, defaultEffectValue } from '../../../../src/renderer/src/forms/EffectsEditor';
import { fieldPatterns } from '../../../../src/renderer/src/forms/field-paths';
import { idValue, selectItems, valueId } from '../../../../src/renderer/src/forms/fields';
import { applyEdits, createFormApi } from '../../../../src/renderer/src/forms/form-api';
import { switchKindEdits } from '../../../../src/renderer/src/forms/objective-kinds';
import { diagnosticsByPath, parseForEdit, placeDiagnostics } from '../../../../src/shared/doc-edit';
import type { Diagnostic } from '../../../../src/shared/diagnostics';
import { exampleCrewValue, workspaceWith } from './helpers';

const knobs = (over: Partial<RulesetKnobs['damage']> = {}, lastStand = true): RulesetKnobs => {
  const k = structuredClone(CORE_RULESET) as RulesetKnobs;
  Object.assign(k.damage, over);
  k.captain.lastStand = lastStand;
  return k;
};

describe('crew math', () => {
  it('R1.1 die values', () => {
    expect(['d4', 'd6', 'd8', 'd10', 'd12', 'd20', 'd7', 7, null].map(dieSides)).toEqual([4, 6, 8, 10, 12, 20, undefined, undefined, undefined]);
  });

  it('R1.2 crew value adds equipment costs from the libraries', () => {
    const { model } = workspaceWith();
    const members = model.crews.get('iron-choir')!.members;
    const expected = exampleCrewValue('crews/iron-choir.yaml');
    expect(expected.total).toBeGreaterThan(expected.dice);
    expect(crewValue(members, model)).toBe(expected.total);
    expect(crewValue(members, null)).toBe(expected.dice);
    expect(crewValue([{ die: 'd6', equipment: ['rust-cannon', 'rust-cannon'] }, { die: 'd20' }], model)).toBe(6 + 2 * model.equipment.get('rust-cannon')!.cost! + 20);
    expect(crewValue('not a list', model)).toBe(0);
  });

  it('R1.4 max roll per Health level, floored; R7.2 Last Stand for a Captain', () => {
    expect(maxRollsByHealth('d6', 4, false, knobs())).toEqual([
      { health: 4, maxRoll: 6, lastStand: false },
      { health: 3, maxRoll: 4, lastStand: false },
      { health: 2, maxRoll: 2, lastStand: false },
      { health: 1, maxRoll: 1, lastStand: false },
    ]);
    expect(maxRollsByHealth('d20', 2, true, knobs({ maxRollStep: 5, maxRollFloor: 3 })).map((l) => l.maxRoll)).toEqual([20, 15, 2]);
    expect(maxRollsByHealth('d8', 2, true, knobs({}, false)).map((l) => l.health)).toEqual([2, 1]);
    expect(maxRollsByHealth('d7', 2, false, knobs())).toEqual([]);
    expect(maxRollsByHealth('d6', 'x', false, knobs())).toEqual([]);
  });

  it('finds the scenarios that use a crew through sides and campaigns', () => {
    const { model } = workspaceWith();
    const used = scenariosUsing('iron-choir', model);
    expect(used.map((s) => s.id)).toContain('drowned-foundry');
    expect(used.find((s) => s.id === 'drowned-foundry')!.limit).toBe(model.scenarios.get('drowned-foundry')!.crewValueLimit);
    expect(scenariosUsing('nobody', model)).toEqual([]);
  });

  it('lists members that break a homebrew type as currently edited', () => {
    const { model } = workspaceWith();
    const type = parse('kind: crewType\nid: bloom-host\ndice: [d4]\nhealth: {min: 1, max: 1}\nmaxPerCrew: 0\n');
    const breaches = typeBreaches(type, model);
    expect(breaches.length).toBeGreaterThan(0);
    expect(breaches.some((b) => b.member === null && /more than 0/.test(b.problem))).toBe(true);
    expect(typeBreaches({ id: 'bloom-host', dice: ['d4', 'd6', 'd8', 'd10', 'd12', 'd20'] }, model)).toEqual([]);
  });
});

describe('form edits', () => {
  const text = 'kind: crew  # keep\nmembers:\n  - id: a\n    captain: true\n  - id: b\n';

  it('chains several edits into one text change', () => {
    const commits: string[] = [];
    const form = createFormApi({ file: 'c.yaml', text, data: parse(text), model: null, placed: new Map(), commit: (t) => commits.push(t), fail: () => {} });
    form.apply({ op: 'delete', path: ['members', 0, 'captain'] }, { op: 'set', path: ['members', 1, 'captain'], value: true });
    expect(commits).toHaveLength(1);
    expect(parse(commits[0]).members).toEqual([{ id: 'a' }, { id: 'b', captain: true }]);
    expect(commits[0]).toContain('# keep');
    form.set(['members', 1, 'id'], 'bee');
    expect(parse(commits[1]).members[1]).toEqual({ id: 'bee', captain: true });
  });

  it('reports a failed edit instead of writing', () => {
    const commits: string[] = [];
    const fails: string[] = [];
    const form = createFormApi({ file: 'c.yaml', text, data: parse(text), model: null, placed: new Map(), commit: (t) => commits.push(t), fail: (m) => fails.push(m) });
    form.set(['kind', 'x'], 1);
    expect(commits).toEqual([]);
    expect(fails[0]).toMatch(/'kind' is the value "crew"/);
  });

  it('applyEdits stops at the first failure', () => {
    const r = applyEdits('a: [unclosed', [{ op: 'set', path: ['a'], value: 1 }]);
    expect(r.ok).toBe(false);
  });

  it('switching an objective kind drops the fields of the old kind', () => {
    const o = { id: 'x', kind: 'interact', progress: 2, whenContested: 'blocked', points: 1 };
    const src = `objectives:\n  - {id: x, kind: interact, progress: 2, whenContested: blocked, points: 1}\n`;
    const r = applyEdits(src, switchKindEdits(o, 0, 'reach'));
    expect(r.ok && parse(r.value).objectives[0]).toEqual({ id: 'x', kind: 'reach', points: 1 });
  });

  it('effects: key detection and defaults', () => {
    expect(effectKeyOf({ damage: 2, when: { role: 'attacker' } })).toBe('damage');
    expect(effectKeyOf({ when: {} })).toBeNull();
    expect(defaultEffectValue('keepHighest')).toBe('d6');
    expect(defaultEffectValue('blast')).toBe(true);
    expect(defaultEffectValue('swarm')).toBe('never');
  });
});

describe('placing diagnostics beside fields', () => {
  const text = 'kind: crew\nschemaVersion: 1\nmembers:\n  - id: a\n    die: d7\n    foo: 1\n';
  const diag = (line: number, column: number, message: string): Diagnostic => ({ file: 'c.yaml', line, column, endLine: line, endColumn: column + 1, severity: 'error', code: 'schema', message });

  it('maps positions to the field path, unknown keys to their card, the rest to the document', () => {
    const parsed = parseForEdit(text);
    if (!parsed.ok) throw new Error('parse');
    const byPath = diagnosticsByPath(parsed.document, text, [diag(5, 10, 'die'), diag(6, 5, 'foo'), diag(1, 1, 'kind')]);
    expect([...byPath.keys()].sort()).toEqual(['', 'members.0', 'members.0.die']);
    const placed = placeDiagnostics(byPath, fieldPatterns('crew', parsed.data));
    expect(placed.get('members.0.die')?.[0].message).toBe('die');
    expect(placed.get('members.0')?.[0].message).toBe('foo');
    expect(placed.get('')?.[0].message).toBe('kind');
    const deeper = diagnosticsByPath(parsed.document, text, [diag(3, 1, 'members key'), diag(5, 10, 'x'), diag(5, 5, 'die key')]);
    expect([...deeper.keys()]).toEqual(['members', 'members.0.die', 'members.0']);
  });

  it('objective fields are placed only for the kind that shows them', () => {
    const data = { objectives: [{ kind: 'reach' }, { kind: 'interact' }] };
    const patterns = fieldPatterns('scenario', data);
    expect(patterns).toContain('objectives.0.once');
    expect(patterns).not.toContain('objectives.0.progress');
    expect(patterns).toContain('objectives.1.progress');
  });
});

describe('area graph', () => {
  it('draws two-way links once and one-way links with a direction', () => {
    const g = areaGraph([{ id: 'a', links: ['b', 'c'] }, { id: 'b', links: ['a'] }, { id: 'c' }, { id: 'd', links: ['zz'] }]);
    expect(g.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(g.edges).toEqual([{ from: 'a', to: 'b', both: true }, { from: 'a', to: 'c', both: false }]);
    expect(areaGraph('nonsense').nodes).toEqual([]);
  });
});

describe('selectItems (the entries of a form select)', () => {
  const dice = [{ value: 'd4' }, { value: 'd6', label: 'six' }];
  it('lists the choices, each id mapping back to its value', () => {
    const items = selectItems(dice, 'd6');
    expect(items.map((i) => i.label)).toEqual(['d4', 'six']);
    expect(items.map((i) => idValue(i.id))).toEqual(['d4', 'd6']);
    expect(items.some((i) => i.id === valueId('d6'))).toBe(true);
  });
  it('keeps a value outside the choices, marked unknown, so the form never rewrites it', () => {
    const items = selectItems(dice, 'd7');
    expect(items.at(-1)).toEqual({ id: valueId('d7'), label: 'd7 (unknown)' });
  });
  it('an optional field gets a first "(none)" entry whose value is empty (the key is removed)', () => {
    const items = selectItems(dice, '', '(none)');
    expect(items[0]!.label).toBe('(none)');
    expect(idValue(items[0]!.id)).toBe('');
    expect(valueId('')).toBe(items[0]!.id);
  });
  it('no value can take the id of the "(none)" entry', () => {
    const items = selectItems([{ value: 'none' }, { value: '' }].slice(0, 1), 'none', 'nothing');
    expect(new Set(items.map((i) => i.id)).size).toBe(2);
    expect(items.map((i) => idValue(i.id))).toEqual(['', 'none']);
  });
});
