import { describe, expect, it } from 'vitest';
import { applyAction, createBattle } from '../../../../../src/shared/engine';
import type { BattleSetup } from '../../../../../src/shared/engine';
import { greedyPolicy, rankActions } from '../../../../../src/shared/engine/bots';
import { OddsCache } from '../../../../../src/shared/engine/bots/estimate';
import { WorthMemo } from '../../../../../src/shared/engine/bots/worth-memo';
import { forgetFlatPairs } from '../../../../../src/shared/engine/bots/flat-pairs';
import { createBotRng } from '../../../../../src/shared/engine/sim/seed';
import { EXAMPLE_SCENARIOS, exampleSetup } from './example-setups';

/**
 * Greedy keeps pair views and values in its OddsCache with the state they depend on, worths (of
 * groups and of Swarms, R6.1) in a WorthMemo shared by every cache, and single pairs' values in a
 * flat table shared by the thread (forgotten before the fresh cache scores). A cache that
 * lives for a whole battle must score every action exactly as a fresh cache with a fresh memo
 * does: nothing leaks between states.
 */
const compareAlongBattle = (setup: BattleSetup, seed: number): number => {
  let state = createBattle(setup, seed);
  const longLived = new OddsCache();
  const bot = greedyPolicy();
  const rng = createBotRng(seed);
  let compared = 0;
  while (state.phase !== 'ended') {
    const reused = rankActions(state, longLived).map((r) => [JSON.stringify(r.action), r.score]);
    forgetFlatPairs();
    const fresh = rankActions(state, new OddsCache(new WorthMemo())).map((r) => [JSON.stringify(r.action), r.score]);
    expect(reused).toEqual(fresh);
    compared += fresh.length;
    const next = applyAction(state, bot.decide(state, rng));
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return compared;
};

describe('greedy memo', () => {
  it('scores every action exactly as a fresh cache does, decision after decision', () => {
    for (const scenario of EXAMPLE_SCENARIOS) {
      const setup = exampleSetup(scenario);
      for (const seed of [1, 2, 3]) expect(compareAlongBattle(setup, seed)).toBeGreaterThan(20);
    }
  });
});
