import { describe, expect, it } from 'vitest';
import { buildSetup } from '../../../../src/shared/engine';
import { effectProblem } from '../../../../src/shared/engine/setup';
import { EFFECT_KEYS } from '../../../../src/shared/model/types';
import { emptyWorkspaceModel } from '../../../../src/shared/model/workspace';

function model(effects: unknown[], areaEffects: unknown[] = []) {
  const m = emptyWorkspaceModel();
  m.abilities.set('odd', { id: 'odd', name: 'Odd Gift', effects: effects as never });
  m.crews.set('c', { kind: 'crew', schemaVersion: 1, id: 'c', name: 'C', members: [{ id: 'z', name: 'Z', type: 'survivor', die: 'd6', health: 1, captain: true, abilities: ['odd'] }] });
  m.scenarios.set('s', { kind: 'scenario', schemaVersion: 1, id: 's', name: 'S', areas: [{ id: 'p', name: 'P', rules: [{ name: 'Mud', effects: areaEffects as never }] }], sides: [{ id: 'a', name: 'A', deploy: 'p', crew: 'c' }, { id: 'b', name: 'B', deploy: 'p', crew: 'c' }] });
  return m;
}

describe('R11 the effect vocabulary is closed: the engine refuses what it does not know', () => {
  it('R11 every vocabulary effect with a value of the right kind is accepted', () => {
    const good = [{ rollModifier: -1 }, { damage: 2 }, { armor: 1 }, { reroll: 'once' }, { keepHighest: 'd8' }, { dieOverride: 'd4' }, { blast: true }, { extraActions: 1 }, { firstStrike: true }, { regenerate: 1 }, { progressBonus: 1 }, { swarm: 'never' }, { initiative: 2, when: { role: 'attacker' } }];
    expect(good.map((e) => Object.keys(e)[0])).toEqual([...EFFECT_KEYS]);
    for (const e of good) expect(effectProblem(e)).toBeNull();
    expect(buildSetup(model(good), { scenario: 's' }).ok).toBe(true);
  });

  it('R11 an unknown effect, two keys in one effect or a wrong value is a setup error naming its source', () => {
    const r = buildSetup(model([{ frenzy: 2 }]), { scenario: 's' });
    expect(!r.ok && r.error.code).toBe('setup/invalid');
    expect(!r.ok && r.error.message).toContain('Odd Gift (ability)');
    expect(!r.ok && r.error.message).toContain('frenzy');
    expect(effectProblem({ damage: 1, armor: 1 })).toContain('exactly one');
    expect(effectProblem({ damage: 'lots' })).toContain('number');
    expect(effectProblem({ dieOverride: 'd7' })).toContain('Existence Die');
    expect(effectProblem({ swarm: 'sometimes' })).toContain('never');
    expect(effectProblem({ when: { role: 'attacker' } })).toContain('exactly one');
    const area = buildSetup(model([], [{ rollModifer: -1 }]), { scenario: 's' });
    expect(!area.ok && area.error.message).toContain("Area 'p'");
  });
});
