import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import type { BattleSetup, BattleState } from '../../../../src/shared/engine';
import { ActionBuffer } from '../../../../src/shared/engine/action-codes';
import { applyCode } from '../../../../src/shared/engine/apply';
import { restartBattle } from '../../../../src/shared/engine/battle';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { compile } from '../../../../src/shared/engine/compiled';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';

/** Plays `s` to its end with random bots' codes (as the runner does). */
const playOut = (s: BattleState, seed: number): void => {
  const c = compile(s.setup);
  const p = getPolicies(['random', 'random']);
  if (!p.ok) throw new Error(p.error.message);
  const rng = createBotRng(seed);
  const buf = new ActionBuffer();
  while (s.phase !== 'ended') applyCode(s, p.value[s.side].choose!(s, rng, buf), buf, null, c);
};

/** A state without its opening events (a restarted state logs none). */
const withoutEvents = (s: BattleState): BattleState => ({ ...s, openingEvents: [] });

/** Restarts one state, after a battle played out each time, with seeds 2..`last`: each must be the created battle of its seed. */
const expectRestartsLikeCreated = (setup: BattleSetup, last: number): void => {
  const s = createBattle(setup, 1);
  for (let seed = 2; seed <= last; seed++) {
    playOut(s, seed);
    restartBattle(s, seed);
    expect(withoutEvents(s)).toEqual(withoutEvents(createBattle(setup, seed)));
  }
};

describe('restartBattle (issue 13: the runner reuses one battle state per range)', () => {
  it('R1.6 R2.1 R8.1: a finished battle restarted with a seed is the battle createBattle gives for that seed', () => {
    for (const scenario of EXAMPLE_SCENARIOS) expectRestartsLikeCreated(exampleSetup(scenario), 12);
  });

  it('R2.2 R12: the same with a start-of-combat phase, and objectives worked in the battle before', () => {
    const setup: BattleSetup = mkSetup({
      a: [{ id: 'x', die: 'd6', health: 2 }, { id: 'y', die: 'd8' }],
      b: [{ id: 'z', die: 'd6', area: 'far' }, { id: 'w', die: 'd4' }],
      areas: ['near', 'far'],
      objectives: [{ id: 'o', name: 'Valve', kind: 'interact', area: 'far', points: 1, repeatable: true }],
      ruleset: { initiative: { mode: 'startOfCombat', target: 3 } },
    });
    expectRestartsLikeCreated(setup, 20);
  });

  it('R8.1: created and restarted, every member stands in its deployment Area (its startArea)', () => {
    const setup: BattleSetup = mkSetup({
      a: [{ id: 'x', die: 'd6', area: 'far' }, { id: 'y', die: 'd8' }],
      b: [{ id: 'z', die: 'd6', area: 'mid' }, { id: 'w', die: 'd4', area: 'far' }],
      areas: ['near', 'mid', 'far'],
    });
    const deployed = [...setup.sides[0].members, ...setup.sides[1].members].map((m) => m.startArea);
    expect(deployed).toEqual(['far', 'near', 'mid', 'far']);
    const s = createBattle(setup, 1);
    expect(s.area.map((a) => setup.areas[a]!.id)).toEqual(deployed);
    playOut(s, 2);
    restartBattle(s, 3);
    expect(s.area.map((a) => setup.areas[a]!.id)).toEqual(deployed);
  });

  it('R12: a phased turn structure is refused (created afresh instead)', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'z', die: 'd6' }], ruleset: { turnStructure: 'phased' } });
    expect(() => restartBattle(createBattle(setup, 1), 2)).toThrow(/phased/);
  });
});
