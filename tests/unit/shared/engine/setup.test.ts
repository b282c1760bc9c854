import { describe, expect, it } from 'vitest';
import { buildSetup, createBattle, resolveRuleset } from '../../../../src/shared/engine';
import { CORE_RULESET } from '../../../../src/shared/model/ruleset-defaults';
import type { CrewDoc, ScenarioDoc } from '../../../../src/shared/model/types';
import { emptyWorkspaceModel } from '../../../../src/shared/model/workspace';
import type { WorkspaceModel } from '../../../../src/shared/model/workspace';

function model(): WorkspaceModel {
  const m = emptyWorkspaceModel();
  m.workspace = { kind: 'workspace', schemaVersion: 1, name: 'W', ruleset: 'house' };
  m.rulesets.set('house', { kind: 'ruleset', schemaVersion: 1, id: 'house', extends: 'core', clash: { tie: 'defender' } });
  m.rulesets.set('brutal', { kind: 'ruleset', schemaVersion: 1, id: 'brutal', extends: 'house', damage: { maxRollStep: 3 } });
  m.rulesets.set('loop-a', { kind: 'ruleset', schemaVersion: 1, id: 'loop-a', extends: 'loop-b' });
  m.rulesets.set('loop-b', { kind: 'ruleset', schemaVersion: 1, id: 'loop-b', extends: 'loop-a' });
  m.crewTypes.set('bloom-host', { kind: 'crewType', schemaVersion: 1, id: 'bloom-host', name: 'Bloom Host', base: 'mycelian', dice: ['d4', 'd6'], health: { min: 1, max: 3 }, abilities: ['spore'] });
  m.abilities.set('steady', { id: 'steady', name: 'Steady Aim', effects: [{ rollModifier: 1, when: { role: 'attacker' } }] });
  m.abilities.set('spore', { id: 'spore', name: 'Spore Burst', effects: [{ blast: true }] });
  m.equipment.set('cannon', { id: 'cannon', name: 'Rust Cannon', cost: 2, ranged: true, effects: [{ damage: 2 }] });
  const choir: CrewDoc = {
    kind: 'crew', schemaVersion: 1, id: 'iron-choir', name: 'The Iron Choir',
    members: [
      { id: 'warden-7', name: 'Warden-7', type: 'machine', die: 'd10', health: 3, captain: true, abilities: ['steady'], equipment: ['cannon'] },
      { id: 'cog', name: 'Cog', type: 'construct', die: 'd4', health: 1, rules: [{ name: 'Stubborn', effects: [{ armor: 1 }] }] },
    ],
  };
  const saints: CrewDoc = {
    kind: 'crew', schemaVersion: 1, id: 'rot-saints', name: 'Rot Saints', npc: true,
    members: [{ id: 'ash-mother', name: 'Ash-Mother', type: 'bloom-host', die: 'd6', health: 2, captain: true }],
  };
  m.crews.set(choir.id, choir);
  m.crews.set(saints.id, saints);
  const scenario: ScenarioDoc = {
    kind: 'scenario', schemaVersion: 1, id: 'foundry', name: 'The Drowned Foundry', rounds: 4,
    areas: [{ id: 'floor', name: 'Foundry Floor', tags: ['industrial'], rules: [{ name: 'Slick', effects: [{ rollModifier: -1 }] }] }, { id: 'gate', name: 'The Gate', links: ['floor'] }],
    sides: [{ id: 'a', name: 'Raiders', deploy: 'gate', crew: 'iron-choir', deployMembers: { cog: 'floor' } }, { id: 'b', name: 'Holders', deploy: 'floor', crew: 'rot-saints' }],
    objectives: [{ id: 'core', name: 'Reactor Core', area: 'floor', kind: 'interact', progress: 2, points: 3 }],
    scoring: { perEnemyIncapacitated: 1 },
  };
  m.scenarios.set(scenario.id, scenario);
  return m;
}

describe('buildSetup and resolveRuleset', () => {
  it('resolves a ruleset through extends onto core; core is built in', () => {
    const m = model();
    const brutal = resolveRuleset(m, 'brutal');
    expect(brutal.ok && [brutal.value.clash.tie, brutal.value.damage.maxRollStep, brutal.value.damage.maxRollFloor]).toEqual(['defender', 3, 1]);
    const core = resolveRuleset(m, 'core');
    expect(core.ok && core.value).toEqual(CORE_RULESET);
    const ws = resolveRuleset(m, undefined);
    expect(ws.ok && ws.value.clash.tie).toBe('defender');
  });

  it('refuses unknown rulesets and extends cycles with clear errors', () => {
    const m = model();
    const missing = resolveRuleset(m, 'nope');
    expect(!missing.ok && missing.error).toMatchObject({ code: 'setup/unknown-id' });
    expect(!missing.ok && missing.error.message).toContain("'nope'");
    const loop = resolveRuleset(m, 'loop-a');
    expect(!loop.ok && loop.error.code).toBe('setup/ruleset-cycle');
  });

  it('builds a normalised setup: types, abilities, equipment, rules, deployment, costs (R1.1, R8.1)', () => {
    const r = buildSetup(model(), { scenario: 'foundry' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.value;
    expect(s.rulesetId).toBe('house');
    expect(s.rounds).toBe(4);
    const [warden, cog] = s.sides[0].members;
    expect(warden).toMatchObject({ key: 'a:warden-7', cost: 12, ranged: true, captain: true, startArea: 'gate', baseType: 'machine' });
    expect(warden!.effects.map((e) => e.source)).toEqual(['Steady Aim (ability)', 'Rust Cannon (equipment)']);
    expect(cog).toMatchObject({ startArea: 'floor', cost: 4 });
    expect(cog!.effects[0]!.source).toBe('Stubborn (special rule)');
    const mother = s.sides[1].members[0]!;
    expect(mother).toMatchObject({ key: 'b:ash-mother', type: 'bloom-host', baseType: 'mycelian' });
    expect(mother.effects.map((e) => e.source)).toEqual(['Spore Burst (ability)']);
    expect(s.sides[1].npc).toBe(true);
    expect(s.areas[0]!.effects[0]!.source).toBe('Slick (Area Foundry Floor)');
    expect(s.areas[1]!.links).toEqual(['floor']);
    expect(s.scoring.perEnemyIncapacitated).toBe(1);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(createBattle(s, 1).round).toBe(1);
  });

  it('option ruleset overrides the scenario, which overrides the workspace', () => {
    const m = model();
    m.scenarios.get('foundry')!.ruleset = 'brutal';
    const r = buildSetup(m, { scenario: 'foundry' });
    expect(r.ok && r.value.rulesetId).toBe('brutal');
    const o = buildSetup(m, { scenario: 'foundry', ruleset: 'core' });
    expect(o.ok && o.value.ruleset.clash.tie).toBe('standoff');
  });

  it('chosen crews replace the scenario defaults; the same crew may face itself', () => {
    const r = buildSetup(model(), { scenario: 'foundry', crews: ['rot-saints', 'rot-saints'] });
    expect(r.ok && r.value.sides.map((s) => s.members[0]!.key)).toEqual(['a:ash-mother', 'b:ash-mother']);
  });

  it('names the missing id: scenario, crew, ability, equipment, type', () => {
    const m = model();
    const bad = (mutate: (m: WorkspaceModel) => void, opts = {}) => {
      const mm = model();
      mutate(mm);
      const r = buildSetup(mm, { scenario: 'foundry', ...opts });
      return r.ok ? null : r.error;
    };
    expect(buildSetup(m, { scenario: 'ghost' })).toMatchObject({ ok: false, error: { code: 'setup/unknown-id' } });
    expect(bad(() => undefined, { crews: ['nobody', 'rot-saints'] })?.message).toContain("crew 'nobody'");
    expect(bad((mm) => mm.abilities.delete('steady'))?.message).toContain("ability 'steady'");
    expect(bad((mm) => mm.equipment.delete('cannon'))?.message).toContain("equipment 'cannon'");
    expect(bad((mm) => mm.crewTypes.delete('bloom-host'))?.message).toContain("type 'bloom-host'");
    expect(bad((mm) => delete mm.scenarios.get('foundry')!.sides[1]!.crew)?.message).toContain('no crew chosen');
  });

  it('R7.1 refuses a crew without exactly one Captain', () => {
    const err = (() => {
      const mm = model();
      mm.crews.get('iron-choir')!.members[1]!.captain = true;
      const r = buildSetup(mm, { scenario: 'foundry' });
      return r.ok ? null : r.error;
    })();
    expect(err).toMatchObject({ code: 'setup/captain-count' });
  });
});
