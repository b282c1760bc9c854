import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../../src/shared/engine';
import type { BattleSetup } from '../../../../../src/shared/engine';
import { applyCode } from '../../../../../src/shared/engine/apply';
import { ActionBuffer } from '../../../../../src/shared/engine/action-codes';
import { compile } from '../../../../../src/shared/engine/compiled';
import { greedyPolicy } from '../../../../../src/shared/engine/bots';
import { forgetGreedyDecisions, greedyResponses, greedyTurns } from '../../../../../src/shared/engine/bots/greedy';
import { DecisionMemo } from '../../../../../src/shared/engine/bots/decision-memo';
import { clashOf } from '../../../../../src/shared/engine/pending-clash';
import { HELD } from '../../../../../src/shared/engine/phased';
import { createBotRng } from '../../../../../src/shared/engine/sim/seed';
import { EXAMPLE_SCENARIOS, exampleSetup } from './example-setups';

/**
 * Plays greedy-vs-greedy battles of seeds `0 .. battles − 1` by codes, as the simulator does, and
 * returns every code played. `cold`: the thread's decision memo is forgotten before each decision
 * (every decision scored). `hits` counts turn and response decisions the memo answered.
 */
const play = (setup: BattleSetup, battles: number, cold: boolean, hits: { turns: number; responses: number }): number[] => {
  const c = compile(setup);
  const codes: number[] = [];
  const buf = new ActionBuffer();
  const bots = [greedyPolicy(), greedyPolicy()];
  for (let seed = 0; seed < battles; seed++) {
    const state = createBattle(setup, seed);
    const rng = createBotRng(seed);
    while (state.phase !== 'ended') {
      if (cold) forgetGreedyDecisions();
      else if (greedyTurns.find(state, c)) hits.turns++;
      else if (greedyResponses.find(state, c)) hits.responses++;
      const code = bots[state.side]!.choose!(state, rng, buf);
      codes.push(code);
      applyCode(state, code, buf, null);
    }
  }
  return codes;
};

describe('greedy decision memo', () => {
  it('plays exactly the codes greedy plays when it scores every decision, answering many turns and responses from the memo', () => {
    for (const scenario of EXAMPLE_SCENARIOS) {
      const setup = exampleSetup(scenario);
      const hits = { turns: 0, responses: 0 };
      forgetGreedyDecisions();
      const remembered = play(setup, 40, false, hits);
      expect(hits.turns).toBeGreaterThan(remembered.length / 4);
      expect(hits.responses).toBeGreaterThan(0);
      expect(remembered).toEqual(play(setup, 40, true, hits));
    }
  });

  it('finds a kept decision only for the exact same state, and keeps none it cannot sign exactly', () => {
    const setup = exampleSetup('drowned-foundry');
    const c = compile(setup);
    const memo = new DecisionMemo('turn');
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
    // A member that held (R2.4: its actions used set to HELD) is signed apart from every count of actions.
    const held = createBattle(setup, 1);
    held.used[3] = HELD;
    expect(memo.find(held, c)).toBe(false);
    memo.keep(Int32Array.of(7), 1);
    expect(memo.find(held, c)).toBe(true);
    for (const used of [1, 14, 15]) {
      const other = createBattle(setup, 1);
      other.used[3] = used;
      expect(memo.find(other, c)).toBe(false);
    }
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

  it('tells responses apart by their Clash: the target, mode and attackers of each pair (R3.2, R4.1)', () => {
    const setup = exampleSetup('drowned-foundry');
    const c = compile(setup);
    const memo = new DecisionMemo('respond');
    let checked = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const s = createBattle(setup, seed);
      const bot = greedyPolicy();
      const rng = createBotRng(seed);
      const buf = new ActionBuffer();
      while (s.phase !== 'ended') {
        if (s.phase === 'respond') {
          memo.find(s, c);
          memo.keep(Int32Array.of(0), 1);
          expect(memo.find(s, c)).toBe(true);
          const w = clashOf(s);
          const other = (m: number): number => (m + 1) % c.n;
          const edits: [ArrayLike<number> & { [i: number]: number }, number][] = [[w.att, w.pairStart[w.pairCount]! - 1], [w.pairTarget, 0], [w.pairMode, 0]];
          for (const [a, i] of edits) {
            const was = a[i]!;
            a[i] = a === w.pairMode ? was ^ 1 : other(was);
            expect(memo.find(s, c)).toBe(false);
            a[i] = was;
            expect(memo.find(s, c)).toBe(true);
            checked++;
          }
        }
        applyCode(s, bot.choose!(s, rng, buf), buf, null);
      }
    }
    expect(checked).toBeGreaterThan(0);
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
