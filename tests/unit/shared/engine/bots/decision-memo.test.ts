import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../../src/shared/engine';
import type { BattleSetup } from '../../../../../src/shared/engine';
import { applyCode } from '../../../../../src/shared/engine/apply';
import { ActionBuffer } from '../../../../../src/shared/engine/action-codes';
import { compile } from '../../../../../src/shared/engine/compiled';
import { greedyPolicy } from '../../../../../src/shared/engine/bots';
import { greedyDecisions } from '../../../../../src/shared/engine/bots/greedy';
import { DecisionMemo } from '../../../../../src/shared/engine/bots/decision-memo';
import { createBotRng } from '../../../../../src/shared/engine/sim/seed';
import { EXAMPLE_SCENARIOS, exampleSetup } from './example-setups';

/**
 * Plays greedy-vs-greedy battles of seeds `0 .. battles − 1` by codes, as the simulator does, and
 * returns every code played. `cold`: the thread's decision memo is forgotten before each decision
 * (every decision scored). `hits` counts turn decisions the memo answered.
 */
const play = (setup: BattleSetup, battles: number, cold: boolean, hits: { n: number }): number[] => {
  const c = compile(setup);
  const codes: number[] = [];
  const buf = new ActionBuffer();
  const bots = [greedyPolicy(), greedyPolicy()];
  for (let seed = 0; seed < battles; seed++) {
    const state = createBattle(setup, seed);
    const rng = createBotRng(seed);
    while (state.phase !== 'ended') {
      if (cold) greedyDecisions.forget();
      else if (state.phase === 'turn' && greedyDecisions.find(state, c)) hits.n++;
      const code = bots[state.side]!.choose!(state, rng, buf);
      codes.push(code);
      applyCode(state, code, buf, null);
    }
  }
  return codes;
};

describe('greedy decision memo', () => {
  it('plays exactly the codes greedy plays when it scores every decision, answering many turn decisions from the memo', () => {
    for (const scenario of EXAMPLE_SCENARIOS) {
      const setup = exampleSetup(scenario);
      const hits = { n: 0 };
      greedyDecisions.forget();
      const remembered = play(setup, 40, false, hits);
      expect(hits.n).toBeGreaterThan(remembered.length / 4);
      expect(remembered).toEqual(play(setup, 40, true, hits));
    }
  });

  it('finds a kept decision only for the exact same state, and keeps none it cannot sign exactly', () => {
    const setup = exampleSetup('drowned-foundry');
    const c = compile(setup);
    const memo = new DecisionMemo();
    const s = createBattle(setup, 1);
    expect(memo.find(s, c)).toBe(false);
    memo.keep(Int32Array.of(4, 9), 2);
    expect(memo.find(s, c)).toBe(true);
    expect([memo.ties, memo.tie(0), memo.tie(1)]).toEqual([2, 4, 9]);
    // Every field the signature covers tells states apart.
    const changes: ((x: typeof s) => void)[] = [
      (x) => (x.round += 1),
      (x) => (x.side = x.side === 0 ? 1 : 0),
      (x) => (x.initiative = x.initiative === 0 ? 1 : 0),
      (x) => (x.lastInitiative += 1),
      (x) => (x.firstPhase = !x.firstPhase),
      (x) => (x.points[1] += 1),
      (x) => (x.health[c.n - 1] -= 1),
      (x) => (x.used[3] += 1),
      (x) => (x.flags[2] ^= 1),
      (x) => (x.lastStandLosses[5] += 1),
      (x) => (x.area[0] = (x.area[0]! + 1) % c.links.length),
      (x) => (x.progress[x.progress.length - 1] += 1),
      (x) => (x.scored[0] += 1),
      (x) => (x.lastWorker[1] = 0),
      (x) => (x.morale[1] += 1),
    ];
    for (const change of changes) {
      const other = createBattle(setup, 1);
      change(other);
      expect(memo.find(other, c)).toBe(false);
    }
    // A Health an Int32 word does not hold exactly: neither found nor kept.
    const odd = createBattle(setup, 1);
    odd.health[0] += 0.5;
    expect(memo.find(odd, c)).toBe(false);
    memo.keep(Int32Array.of(1), 1);
    expect(memo.find(odd, c)).toBe(false);
    // Values beyond the bits their packed word gives them: not kept either.
    for (const change of [(x: typeof s) => (x.health[0] = 1 << 12), (x: typeof s) => (x.area[1] = 16), (x: typeof s) => (x.lastWorker[0] = 255)]) {
      const big = createBattle(setup, 1);
      change(big);
      expect(memo.find(big, c)).toBe(false);
      memo.keep(Int32Array.of(1), 1);
      expect(memo.find(big, c)).toBe(false);
    }
    expect(memo.find(s, c)).toBe(true);
  });

  it('signs every field of the state a battle changes (a new field must be added to the signature or excluded here)', () => {
    const s = createBattle(exampleSetup('glass-temple'), 1);
    // Not signed: the setup (the memo is per setup), the seed and dice rng (greedy draws from its
    // own), the result (no decision once set), the opening events (a log), and the optional
    // pending Clash, phased round, engagement rounds (states with them are not kept) and dice.
    // The phase is always 'turn' in a kept state.
    const unsigned = ['setup', 'seed', 'rng', 'phase', 'result', 'openingEvents', 'pending', 'phased', 'engaged', 'dice'];
    const signed = ['round', 'side', 'initiative', 'lastInitiative', 'firstPhase', 'points', 'health', 'used', 'flags', 'lastStandLosses', 'area', 'progress', 'scored', 'lastWorker', 'morale'];
    expect(Object.keys(s).filter((k) => !unsigned.includes(k)).sort()).toEqual([...signed].sort());
  });
});
