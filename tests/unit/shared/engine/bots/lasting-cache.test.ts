import { describe, expect, it } from 'vitest';
import { applyAction, createBattle } from '../../../../../src/shared/engine';
import type { BattleSetup } from '../../../../../src/shared/engine';
import { greedyPolicy, rankActions } from '../../../../../src/shared/engine/bots';
import { OddsCache } from '../../../../../src/shared/engine/bots/estimate';
import { createBotRng } from '../../../../../src/shared/engine/sim/seed';
import { EXAMPLE_SCENARIOS, exampleSetup } from './example-setups';

/**
 * Greedy's OddsCache keeps rolls, damages and single-pair views across states of one setup, keyed
 * by the members' Health, Last Stand, Area and the round. A cache warmed by other battles (and by
 * another setup in between) must rank every action exactly as a fresh cache does.
 */
const variant = (scenario: string, change: (s: BattleSetup) => void): BattleSetup => {
  const setup = JSON.parse(JSON.stringify(exampleSetup(scenario))) as BattleSetup;
  change(setup);
  return setup;
};

const compare = (setup: BattleSetup, seed: number, warm: OddsCache): number => {
  let state = createBattle(setup, seed);
  const bot = greedyPolicy();
  const rng = createBotRng(seed);
  let compared = 0;
  while (state.phase !== 'ended') {
    const fresh = rankActions(state, new OddsCache()).map((r) => [JSON.stringify(r.action), r.score]);
    expect(rankActions(state, warm).map((r) => [JSON.stringify(r.action), r.score])).toEqual(fresh);
    compared += fresh.length;
    const next = applyAction(state, bot.decide(state, rng));
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return compared;
};

describe('greedy lasting cache', () => {
  it('ranks like a fresh cache after many battles, across setups and rulesets', () => {
    const warm = new OddsCache();
    const setups = EXAMPLE_SCENARIOS.flatMap((sc) => [
      exampleSetup(sc),
      variant(sc, (s) => {
        s.ruleset.clash.tie = 'bothDamaged';
        s.ruleset.clash.absorb = 'threshold';
        s.ruleset.swarm.lossTarget = 'chosen';
      }),
    ]);
    for (const setup of setups) for (const seed of [1, 2, 3, 4]) expect(compare(setup, seed, warm)).toBeGreaterThan(20);
    // Back to the first setup with a cache that has seen the others.
    expect(compare(setups[0]!, 9, warm)).toBeGreaterThan(20);
  });

  it('plays the same battle whether its bots are fresh per decision or long-lived', () => {
    const setup = exampleSetup('drowned-foundry');
    const longLived = [greedyPolicy(), greedyPolicy()];
    for (const seed of [21, 22, 23]) {
      let a = createBattle(setup, seed);
      let b = createBattle(setup, seed);
      const ra = createBotRng(seed);
      const rb = createBotRng(seed);
      while (a.phase !== 'ended') {
        const x = longLived[a.side]!.decide(a, ra);
        const y = greedyPolicy().decide(b, rb);
        expect(x).toEqual(y);
        const na = applyAction(a, x);
        const nb = applyAction(b, y);
        if (!na.ok || !nb.ok) throw new Error('illegal');
        a = na.value.state;
        b = nb.value.state;
      }
      expect(a.result).toEqual(b.result);
    }
  });
});
