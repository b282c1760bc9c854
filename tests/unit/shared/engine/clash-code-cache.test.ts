import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { BattleSetup } from '../../../../src/shared/engine';
import { ActionBuffer, argA, argC, turnClashCodeAt, turnClashCodes, turnClashCount } from '../../../../src/shared/engine/action-codes';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { keepClashCodes, keptCode, keptN, keptPlace } from '../../../../src/shared/engine/clash-code-cache';
import { compile } from '../../../../src/shared/engine/compiled';
import type { Compiled } from '../../../../src/shared/engine/compiled';
import { recordedSwarms } from '../../../../src/shared/engine/swarm-records';
import { swarmMembers, swarmStart } from '../../../../src/shared/engine/swarm-groups';
import { layoutOf, runRange } from '../../../../src/shared/engine/sim/runner';
import { emptyAccumulator } from '../../../../src/shared/engine/sim/stats';
import { cloneState } from '../../../../src/shared/engine/state';
import type { BattleState } from '../../../../src/shared/engine/types';
import type { Effect } from '../../../../src/shared/model/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';
import { randomCrew } from './random-crew';
import { playTracked } from './tracked-battle';

/** Everything a turn decision's Clash codes tell a bot and `applyCode`: the codes, each Area's team and (recorded) each Swarm variant's Swarms. */
const clashView = (s: BattleState, c: Compiled, buf: ActionBuffer, record: boolean) => {
  buf.recordSwarms = record;
  const n = turnClashCodes(s, c, buf);
  const codes = [...buf.codes.subarray(0, n)];
  const teams = s.setup.areas.map((_, a) => (buf.teamAt[a]! < 0 ? null : [...buf.teams.subarray(buf.teamAt[a]!, buf.teamAt[a]! + buf.teamNa[a]! + buf.teamNt[a]!)]));
  const swarms = record
    ? codes.map((code, i) => {
        if (argC(code) !== 1) return null;
        const k = recordedSwarms(buf, i);
        return Array.from({ length: k }, (_, w) => [...swarmMembers.subarray(swarmStart[w]!, swarmStart[w + 1]!)]);
      })
    : null;
  return { codes, teams, swarms };
};

/** The same decision's Clash codes computed afresh (nothing kept is read). */
const freshView = (s: BattleState, c: Compiled, record: boolean) => {
  keepClashCodes(false);
  try {
    return clashView(cloneState(s), c, new ActionBuffer(), record);
  } finally {
    keepClashCodes(true);
  }
};

/**
 * Plays a battle as the simulation runner does (codes through `applyCode`, the state tracked) and
 * checks at every turn decision that the Clash codes the kept entries give — with and without
 * recorded Swarms, on the runner's state and on an untracked copy, written or counted and read one
 * by one — equal those computed afresh.
 * Returns the number of turn decisions checked.
 */
const checkBattle = (setup: BattleSetup, bot: string, seed: number): number =>
  playTracked(setup, bot, seed, {
    turn: (s, c, buf) => {
      for (const record of [false, true]) {
        const fresh = freshView(s, c, record);
        expect(clashView(s, c, buf, record)).toEqual(fresh);
        expect(clashView(cloneState(s), c, new ActionBuffer(), record)).toEqual(fresh);
      }
      // Counted without writing (the random bot): the same codes one by one, the same teams.
      const fresh = freshView(s, c, false);
      const n = turnClashCount(s, c, buf);
      expect(Array.from({ length: n }, (_, k) => turnClashCodeAt(k, buf))).toEqual(fresh.codes);
      expect(s.setup.areas.map((_, a) => (buf.teamAt[a]! < 0 ? null : [...buf.teams.subarray(buf.teamAt[a]!, buf.teamAt[a]! + buf.teamNa[a]! + buf.teamNt[a]!)]))).toEqual(fresh.teams);
      buf.recordSwarms = false;
    },
  });

const swarmEffects = fc.constantFrom<Effect[]>(
  [],
  [],
  [],
  [{ swarm: 'always' }],
  [{ swarm: 'never' }],
  [{ swarm: 'never', when: { opponentType: 'brute' } }],
  [{ swarm: 'always', when: { area: 'y' } }],
  [{ swarm: 'never', when: { healthAtMost: 1 } }],
  [{ swarm: 'always', when: { roundAtLeast: 3 } }],
  [{ extraActions: 1 }],
);
const member = fc.record({ die: fc.constantFrom<'d4' | 'd6' | 'd8'>('d4', 'd6', 'd8'), effects: swarmEffects, area: fc.constantFrom('x', 'x', 'y', 'z'), health: fc.integer({ min: 1, max: 3 }), type: fc.constantFrom('survivor', 'brute') });
const crew = randomCrew(member, 7);
const areaEffects = fc.constantFrom<Effect[]>([], [], [{ swarm: 'always' }], [{ swarm: 'never', when: { opponentType: 'survivor' } }]);

describe('Clash codes kept per Area (issue 13: not computed again while the Area\'s team is the same)', () => {
  afterEach(() => keepClashCodes(true));


  it('R3.1 R6.1: at every turn decision of the example battles the kept codes equal a fresh computation', () => {
    let turns = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (let seed = 1; seed <= 6; seed++) turns += checkBattle(exampleSetup(scenario), 'random', seed);
      turns += checkBattle(exampleSetup(scenario), 'greedy', 1);
    }
    expect(turns).toBeGreaterThan(500);
  });

  it('R3.1 R6.1 R11: the same for random crews with Swarm effects (own, Area, conditional), Swarm sizes 1–3 and crowded Areas past the assignment cap', () => {
    let turns = 0;
    fc.assert(
      fc.property(crew, crew, fc.tuple(areaEffects, areaEffects), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 1000 }), (a, b, [ex, ey], minSize, seed) => {
        const areas = [
          { id: 'x', effects: ex.map((effect) => ({ effect, source: 'test' })) },
          { id: 'y', tags: ['high'], effects: ey.map((effect) => ({ effect, source: 'test' })) },
          { id: 'z', links: ['y'] },
        ];
        turns += checkBattle(mkSetup({ a, b, areas, ruleset: { swarm: { minSize } }, rounds: 5 }), 'random', seed);
      }),
      { numRuns: 80, seed: 1306 },
    );
    expect(turns).toBeGreaterThan(500);
  });

  it('R1.6 R3.1: simulations give the same results with codes kept (the table growing, or dropped when full) as computed afresh', () => {
    const simulate = (scenario: string, bot: string, runs: number) => {
      const setup = exampleSetup(scenario);
      const layout = layoutOf(setup);
      const p = getPolicies([bot, bot]);
      if (!p.ok) throw new Error(p.error.message);
      const acc = emptyAccumulator(layout);
      const r = runRange(setup, layout, p.value, 7, 0, runs, acc);
      if (!r.ok) throw new Error(r.error.message);
      return acc;
    };
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (const [bot, runs] of [['random', 400], ['greedy', 40]] as const) {
        keepClashCodes(false);
        const fresh = simulate(scenario, bot, runs);
        for (const slots of [1 << 15, 64]) {
          keepClashCodes(true, slots);
          expect(simulate(scenario, bot, runs)).toEqual(fresh);
        }
      }
    }
  });

  it('R3.1: keptPlace reads, without starting the kept codes, the entry of each team just kept (its codes), and nothing for another setup', () => {
    const other = compile(exampleSetup(EXAMPLE_SCENARIOS[1]!));
    let teams = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      playTracked(exampleSetup(scenario), 'random', 3, {
        turn: (s, c, buf) => {
          const n = turnClashCodes(s, c, buf);
          const codes = [...buf.codes.subarray(0, n)];
          s.setup.areas.forEach((_, a) => {
            const at = buf.teamAt[a]!;
            if (at < 0) return;
            const mask = (from: number, k: number) => [...buf.teams.subarray(from, from + k)].reduce((x, m) => x | (1 << m), 0);
            const own = mask(at, buf.teamNa[a]!);
            const foe = mask(at + buf.teamNa[a]!, buf.teamNt[a]!);
            const side = c.sideOf[buf.teams[at]!]!;
            const e = keptPlace(c, a, own, foe, side, false);
            expect(e).toBeGreaterThanOrEqual(0);
            expect(Array.from({ length: keptN }, (_, k) => keptCode(e, k))).toEqual(codes.filter((code) => argA(code) === a));
            if (other !== c) expect(keptPlace(other, a, own, foe, side, false)).toBe(-1);
            teams++;
          });
        },
      });
    }
    expect(teams).toBeGreaterThan(50);
  });

  it('R11: a setup whose Swarm effects read health or the round keeps nothing (its codes follow the state)', () => {
    const steady = mkSetup({ a: [{ id: 'p', die: 'd6', effects: [{ swarm: 'never', when: { opponentType: 'brute' } }] }], b: [{ id: 'q', die: 'd6' }] });
    const health = mkSetup({ a: [{ id: 'p', die: 'd6', effects: [{ swarm: 'never', when: { healthAtMost: 1 } }] }], b: [{ id: 'q', die: 'd6' }] });
    const round = mkSetup({ a: [{ id: 'p', die: 'd6' }], b: [{ id: 'q', die: 'd6' }], areas: [{ id: 'field', effects: [{ effect: { swarm: 'always', when: { roundAtLeast: 2 } }, source: 'test' }] }] });
    expect([compile(steady).steadySwarms, compile(health).steadySwarms, compile(round).steadySwarms]).toEqual([true, false, false]);
  });
});
