import { describe, expect, it } from 'vitest';
import { ActionBuffer, enumerateActions } from '../../../../../src/shared/engine/action-codes';
import { compile } from '../../../../../src/shared/engine/compiled';
import type { Compiled } from '../../../../../src/shared/engine/compiled';
import { listedActions } from '../../../../../src/shared/engine/legal';
import { isActive } from '../../../../../src/shared/engine/state';
import type { BattleState } from '../../../../../src/shared/engine/types';
import { OddsCache } from '../../../../../src/shared/engine/bots/estimate';
import { WorthMemo } from '../../../../../src/shared/engine/bots/worth-memo';
import { addPairTo, decision, pairValues, scored, targetWorth, viewOf } from '../../../../../src/shared/engine/bots/greedy-pairs';
import { addSingleTo, flatPairs, forgetFlatPairs, singleValues, singleWorth } from '../../../../../src/shared/engine/bots/flat-pairs';
import { EXAMPLE_SCENARIOS, exampleSetup } from './example-setups';
import { alongGreedyBattle } from './greedy-battles';

/** Starts a decision of greedy's per-decision memos on `s` (as `choose` does). */
const newDecision = (s: BattleState, odds: OddsCache): void => {
  odds.fresh(s);
  decision.id++;
  decision.state = s;
};

/** Calls `check(s, c)` at every decision of a greedy-vs-greedy battle of each example scenario. */
const alongBattles = (seeds: number[], check: (s: BattleState, c: Compiled, buf: ActionBuffer) => void): void => {
  for (const scenario of EXAMPLE_SCENARIOS) {
    const setup = exampleSetup(scenario);
    const c = compile(setup);
    for (const seed of seeds) {
      const probe = new ActionBuffer();
      alongGreedyBattle(setup, c, seed, (state) => {
        enumerateActions(state, c, probe, listedActions);
        check(state, c, probe);
      });
    }
  }
};

describe('greedy keeps single pairs’ values in a flat table (R3.2, R4, R5)', () => {
  it('R3.2 answers exactly what the pair’s view answers, at every Health, whatever entries earlier states left', () => {
    forgetFlatPairs();
    let compared = 0;
    alongBattles([1, 2], (s, c) => {
      const odds = new OddsCache(new WorthMemo());
      newDecision(s, odds);
      for (let a = 0; a < c.n; a++) {
        for (let t = 0; t < c.n; t++) {
          if (a === t || c.sideOf[a] === c.sideOf[t] || !isActive(s, a) || !isActive(s, t)) continue;
          for (let health = s.health[t]!; health >= s.health[t]! - 3; health--) {
            const at = singleValues(s, c, odds, a, t, health);
            const got = Array.from(flatPairs.v.subarray(at + 1, at + 5));
            const v = pairValues(s, c, odds, viewOf(s, c, odds, [a], t, false), health);
            expect(got).toEqual([v.defended, v.absorbed, v.hitsDefended, v.hitsAbsorbed]);
            compared++;
          }
        }
      }
    });
    expect(compared).toBeGreaterThan(1000);
  });

  it('R3.2 a target’s worth under one attacker, and a pair added to running sums, equal the view-based path', () => {
    let compared = 0;
    alongBattles([3], (s, c) => {
      const odds = new OddsCache(new WorthMemo());
      newDecision(s, odds);
      for (let a = 0; a < c.n; a++) {
        for (let t = 0; t < c.n; t++) {
          if (a === t || c.sideOf[a] === c.sideOf[t] || !isActive(s, a) || !isActive(s, t)) continue;
          const viaView = new Float64Array(4);
          addPairTo(s, c, odds, viaView, 0, viewOf(s, c, odds, [a], t, false), t);
          targetWorth(s, c, t, viaView, 0);
          const expected = scored[0];
          singleWorth(s, c, odds, a, t);
          expect(scored[0]).toBe(expected);
          // A second pair on the same target, valued at the Health the first is expected to leave.
          const flat = Float64Array.from(viaView);
          const b = (a + 1) % c.n;
          if (b === t || c.sideOf[b] === c.sideOf[t] || !isActive(s, b)) continue;
          addPairTo(s, c, odds, viaView, 0, viewOf(s, c, odds, [b], t, false), t);
          addSingleTo(s, c, odds, flat, 0, b, t);
          expect(Array.from(flat)).toEqual(Array.from(viaView));
          compared++;
        }
      }
    });
    expect(compared).toBeGreaterThan(50);
  });
});
