import { describe, expect, it } from 'vitest';
import { ACT, argC, decodeAction, enumerateActions, kindOf } from '../../../../../src/shared/engine/action-codes';
import { compile } from '../../../../../src/shared/engine/compiled';
import type { Action, BattleSetup } from '../../../../../src/shared/engine';
import type { DieName } from '../../../../../src/shared/model/types';
import { listedActions } from '../../../../../src/shared/engine/legal';
import { OddsCache } from '../../../../../src/shared/engine/bots/estimate';
import { scoreClash, scoreClashCode } from '../../../../../src/shared/engine/bots/greedy-clash';
import { decision, scored } from '../../../../../src/shared/engine/bots/greedy-pairs';
import { EXAMPLE_SCENARIOS, exampleSetup } from './example-setups';
import { alongGreedyBattle } from './greedy-battles';
import { mkSetup } from '../helpers';
import type { MemberSpec } from '../helpers';

type Clash = Extract<Action, { type: 'clash' }>;

/**
 * Greedy scores an assignment code (R3.1, no Swarms) from its Area's per-decision table of
 * (target, attacker subset) worths. Scored forwards, then backwards (read from the table), every
 * code must equal the worth of its decoded Clash, decision after decision along greedy battles.
 */
/** Plays greedy battles of `setup` from each seed, comparing every decision's assignment codes; how many were compared. */
const compareAlongBattles = (setup: BattleSetup, seeds: number[]): number => {
  const c = compile(setup);
  let compared = 0;
  for (const seed of seeds) {
    const odds = new OddsCache();
    // The bot scores the next decision in the same buffer (its Areas' tables must not carry over).
    alongGreedyBattle(setup, c, seed, (state, buf) => {
      buf.recordSwarms = true;
      const n = enumerateActions(state, c, buf, listedActions);
      const codes: number[] = [];
      for (let i = 0; i < n; i++) if (kindOf(buf.codes[i]!) === ACT.clash && argC(buf.codes[i]!) === 0) codes.push(i);
      if (codes.length === 0) return;
      odds.fresh(state);
      decision.id++;
      decision.state = state;
      const forwards = codes.map((i) => (scoreClashCode(state, c, odds, buf.codes[i]!, buf, i), scored[0]!));
      const backwards = [...codes].reverse().map((i) => (scoreClashCode(state, c, odds, buf.codes[i]!, buf, i), scored[0]!)).reverse();
      decision.id++;
      const decoded = codes.map((i) => scoreClash(state, c, odds, decodeAction(state, c, buf.codes[i]!, buf) as Clash));
      expect(forwards).toEqual(decoded);
      expect(backwards).toEqual(decoded);
      compared += codes.length;
    });
  }
  return compared;
};

describe('greedy assignment codes (R3.1–R3.4)', () => {
  it('score as their decoded Clash, in any order within a decision, along the example battles', () => {
    let compared = 0;
    for (const scenario of EXAMPLE_SCENARIOS) compared += compareAlongBattles(exampleSetup(scenario), [1, 2, 3]);
    expect(compared).toBeGreaterThan(500);
  });

  it('keep each Clash Area\'s worths apart when two Areas clash in one decision', () => {
    const side = (p: string, dice: DieName[]): MemberSpec[] => dice.map((die, i) => ({ id: `${p}${i}`, die, health: 2 + i, area: i < 2 ? 'left' : 'right' }));
    const setup = mkSetup({ areas: ['left', 'right'], a: side('x', ['d6', 'd8', 'd10', 'd12']), b: side('y', ['d4', 'd6', 'd12', 'd20']) });
    expect(compareAlongBattles(setup, [1, 2, 3, 4, 5, 6])).toBeGreaterThan(50);
  });
});
