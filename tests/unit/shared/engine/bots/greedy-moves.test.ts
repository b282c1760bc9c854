import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, legalActions } from '../../../../../src/shared/engine';
import type { BattleSetup, BattleState } from '../../../../../src/shared/engine';
import { compile } from '../../../../../src/shared/engine/compiled';
import type { Compiled } from '../../../../../src/shared/engine/compiled';
import { enemiesIn } from '../../../../../src/shared/engine/state';
import { POINT_WEIGHT } from '../../../../../src/shared/engine/bots/estimate';
import { ACTION_COST, decision, scored } from '../../../../../src/shared/engine/bots/greedy-pairs';
import { scoreMove } from '../../../../../src/shared/engine/bots/greedy-turns';
import { createBotRng } from '../../../../../src/shared/engine/sim/seed';
import { EXAMPLE_SCENARIOS, exampleSetup } from './example-setups';
import { mkSetup } from '../helpers';

/** What scoring objectives in `area` are worth to `side` (R8, R9), Area by Area: the reading greedy's per-side pass must give. */
const areaWorth = (s: BattleState, c: Compiled, side: number, area: number): number => {
  let worth = 0;
  for (let i = 0; i < c.objectives.length; i++) {
    const o = c.objectives[i]!;
    if (o.area !== area || (o.only !== -1 && o.only !== side)) continue;
    const d = o.def;
    const pts = o.points * POINT_WEIGHT;
    if (d.kind === 'interact') {
      if (d.repeatable !== true && s.scored[i * 2]! + s.scored[i * 2 + 1]! > 0) continue;
      worth += pts / Math.max(1, o.progress - s.progress[i * 2 + side]!);
    } else if (d.kind === 'reach' || d.kind === 'control') {
      if (d.kind === 'reach' && d.once === true && s.scored[i * 2 + side]! > 0) continue;
      worth += (pts * Math.min(Math.max(1, s.setup.rounds - s.round + 1), 3)) / 3;
    }
  }
  return worth;
};

/** A Move's value from the Areas one by one (R8): half the change in worth, a little for reaching enemies. */
const moveValue = (s: BattleState, c: Compiled, m: number, to: number): number => {
  const side = c.sideOf[m]!;
  const from = s.area[m]!;
  let score = 0.5 * (areaWorth(s, c, side, to) - areaWorth(s, c, side, from)) - ACTION_COST;
  if (!enemiesIn(s, c, from, side) && enemiesIn(s, c, to, side)) score += 0.3;
  return score;
};

/** Plays `setup` with random legal actions; at every state, every member's Move to every Area (both sides, one decision) scores as {@link moveValue}. */
const compareAlongBattle = (setup: BattleSetup, seed: number): number => {
  const c = compile(setup);
  const rng = createBotRng(seed);
  let s = createBattle(setup, seed);
  let compared = 0;
  for (let step = 0; s.phase !== 'ended' && step < 400; step++) {
    decision.id++;
    decision.state = s;
    for (let m = 0; m < c.n; m++) {
      for (let to = 0; to < setup.areas.length; to++) {
        scoreMove(s, c, m, to);
        expect(scored[0]).toBe(moveValue(s, c, m, to));
        compared++;
      }
    }
    const legal = legalActions(s);
    const next = applyAction(s, legal[rng.int(legal.length)]!);
    if (!next.ok) throw new Error(next.error.message);
    s = next.value.state;
  }
  return compared;
};

describe('greedy Moves (R8, R9)', () => {
  it('R8 R9: a Move scores the worth of its Areas, read for a whole side at once, as Area by Area — along the example battles', () => {
    let compared = 0;
    for (const scenario of EXAMPLE_SCENARIOS) for (const seed of [1, 2, 3]) compared += compareAlongBattle(exampleSetup(scenario), seed);
    expect(compared).toBeGreaterThan(1000);
  });

  it('R9.1: objectives for one side only, spent and repeatable ones, several in one Area', () => {
    const setup: BattleSetup = mkSetup({
      a: [{ id: 'x', die: 'd6' }, { id: 'y', die: 'd8', area: 'far' }],
      b: [{ id: 'z', die: 'd6', area: 'mid' }, { id: 'w', die: 'd4', area: 'far' }],
      areas: ['near', 'mid', 'far'],
      objectives: [
        { id: 'o1', name: 'Valve', kind: 'interact', area: 'far', points: 2, repeatable: true },
        { id: 'o2', name: 'Lever', kind: 'interact', area: 'far', points: 1, progress: 2 },
        { id: 'o3', name: 'Hill', kind: 'control', area: 'mid', points: 1 },
        { id: 'o4', name: 'Gate', kind: 'reach', area: 'near', points: 3, once: true },
      ],
    });
    let compared = 0;
    for (let seed = 1; seed <= 10; seed++) compared += compareAlongBattle(setup, seed);
    expect(compared).toBeGreaterThan(500);
  });
});
