import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import type { BattleSetup } from '../../../../src/shared/engine';
import { ACT, ActionBuffer, argA, enumerateActions, kindOf } from '../../../../src/shared/engine/action-codes';
import { applyCode } from '../../../../src/shared/engine/apply';
import { compile } from '../../../../src/shared/engine/compiled';
import { listedActions } from '../../../../src/shared/engine/legal';
import { cloneState } from '../../../../src/shared/engine/state';
import { MAX_BITS, activeIn, activeMembers, activeSides, bitCount, lowBit, sideBits, trackTurns, turnIndexProblem, untrackTurns } from '../../../../src/shared/engine/turn-index';
import { isActive } from '../../../../src/shared/engine/state';
import type { BattleState } from '../../../../src/shared/engine/types';
import { playBesideUntracked, playTracked } from './tracked-battle';
import type { Effect } from '../../../../src/shared/model/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';
import { randomCrew } from './random-crew';
import type { MemberSpec } from './helpers';

/**
 * Plays a battle as the simulation runner does (bots' codes through `applyCode`, the state
 * tracked) and checks after every step that the kept turn index equals a fresh reading of the
 * state, that every decision's codes equal those of an untracked copy (grouped afresh), and that
 * the battle stays the one an untracked state plays with the same codes (the rules' own reads).
 * Returns the number of turn decisions checked.
 */
const checkBattle = (setup: BattleSetup, bot: string, seed: number): number => {
  // The same battle on an untracked copy: the rules read no index there.
  let u: BattleState | null = null;
  const fresh = new ActionBuffer();
  return playTracked(setup, bot, seed, {
    turn: (s, c, buf) => {
      expect(turnIndexProblem(s, c)).toBeNull();
      const n = enumerateActions(s, c, buf, listedActions);
      const m = enumerateActions(cloneState(s), c, fresh, listedActions);
      expect([...buf.codes.subarray(0, n)]).toEqual([...fresh.codes.subarray(0, m)]);
    },
    applied: (s, code, buf, c) => {
      u ??= createBattle(setup, seed);
      applyCode(u, code, buf, null, c);
      expect(s).toEqual(u);
    },
  });
};

/**
 * Plays a battle as {@link checkBattle}, with the coverage recorder on while codes are applied,
 * and checks after every step that the tracked state (whose rules ask the turn index whether a
 * side can act, `sideMayAct`) has marked the same coverage slots as an untracked copy (which
 * scans the members, `sideCanAct`). Returns the number of turn decisions.
 */
const checkCoverage = (setup: BattleSetup, bot: string, seed: number): number => playBesideUntracked(setup, bot, seed);

const effects = fc.constantFrom<Effect[]>(
  [],
  [],
  [{ extraActions: 1 }],
  [{ extraActions: 1, when: { roundAtLeast: 2 } }],
  [{ extraActions: 1, when: { healthAtMost: 1 } }],
  [{ extraActions: 2, when: { area: 'y' } }],
  [{ regenerate: 1 }],
  [{ swarm: 'always' }],
);
const member = fc.record({ die: fc.constantFrom<'d4' | 'd6' | 'd8'>('d4', 'd6', 'd8'), effects, area: fc.constantFrom('x', 'y', 'z'), health: fc.integer({ min: 1, max: 3 }) });
const crew = randomCrew(member, 6);
const rules = fc.record({
  morale: fc.record({ enabled: fc.boolean(), target: fc.integer({ min: 2, max: 5 }) }),
  initiative: fc.constantFrom({ mode: 'lowestValue' as const }, { mode: 'startOfCombat' as const, target: 4 }),
  clash: fc.record({ interception: fc.boolean() }),
  movement: fc.constantFrom({ retreat: 'free' as const }, { retreat: 'roll' as const, retreatTarget: 4 }),
});
/** A five-round battle of two generated crews over three Areas (one tagged, one linked to it). */
const crewSetup = (a: MemberSpec[], b: MemberSpec[], ruleset: Parameters<typeof mkSetup>[0]['ruleset']): BattleSetup =>
  mkSetup({ a, b, areas: [{ id: 'x' }, { id: 'y', tags: ['high'] }, { id: 'z', links: ['y'] }], ruleset, rounds: 5 });

/** Runs `check` on 80 random battles of random crews (fast-check seed `fcSeed`), each with its battle seed. */
const overRandomCrews = (fcSeed: number, check: (setup: BattleSetup, seed: number) => void): void => {
  fc.assert(
    fc.property(crew, crew, rules, fc.integer({ min: 1, max: 1000 }), (a, b, ruleset, seed) => {
      check(crewSetup(a, b, ruleset), seed);
    }),
    { numRuns: 80, seed: fcSeed },
  );
};

describe('turn index (issue 13: acting members and enemies by Area, kept by applyCode)', () => {
  it('R2.4 R5.3: after every step of the example battles the kept index equals a fresh reading, and the codes equal an untracked state\'s', () => {
    let turns = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (let seed = 1; seed <= 8; seed++) turns += checkBattle(exampleSetup(scenario), 'random', seed);
      for (let seed = 1; seed <= 2; seed++) turns += checkBattle(exampleSetup(scenario), 'greedy', seed);
    }
    expect(turns).toBeGreaterThan(1000);
  });

  it('R2.4 R2.5 R2.6 R5.3 R12: the same for random crews, conditional extra actions, morale flight, start-of-combat phases and retreats', () => {
    let turns = 0;
    overRandomCrews(1313, (setup, seed) => {
      turns += checkBattle(setup, 'random', seed);
    });
    expect(turns).toBeGreaterThan(1000);
  });

  it('R2.3 R2.5 R11: a side that can act is read from the index, and marks the same coverage slots as a scan of the members (extra actions by round, Health and Area)', () => {
    let turns = 0;
    for (let seed = 1; seed <= 12; seed++) turns += checkCoverage(exampleSetup('drowned-foundry'), 'random', seed);
    overRandomCrews(1314, (setup, seed) => {
      turns += checkCoverage(setup, 'random', seed);
    });
    expect(turns).toBeGreaterThan(1000);
  });

  it('R2.4 R2.5 R12: a round start read without action limits (touchRoundStart) equals a fresh reading, with start-of-combat phases and extra actions', () => {
    let starts = 0;
    const check = (setup: BattleSetup, seed: number): void => {
      let round = -1;
      playTracked(setup, 'random', seed, {
        applied: (s, _code, _buf, c) => {
          if (s.round === round || s.phase === 'ended') return;
          round = s.round;
          starts++;
          expect(turnIndexProblem(s, c)).toBeNull();
        },
      });
    };
    for (const scenario of EXAMPLE_SCENARIOS) for (let seed = 1; seed <= 4; seed++) check(exampleSetup(scenario), seed);
    overRandomCrews(1315, check);
    expect(starts).toBeGreaterThan(200);
  });

  it('R2.4 R2.5: a member\'s own turn (Move, Interact, Hold) written into the index without reading the state (touchTurnEnd) leaves it equal to a fresh reading', () => {
    let written = 0;
    const check = (setup: BattleSetup, seed: number): void => {
      playTracked(setup, 'random', seed, {
        applied: (s, code, _buf, c) => {
          const kind = kindOf(code);
          if (kind !== ACT.hold && kind !== ACT.move && kind !== ACT.interact) return;
          if (!c.mayExtra[argA(code)]) written++;
          expect(turnIndexProblem(s, c)).toBeNull();
        },
      });
    };
    for (const scenario of EXAMPLE_SCENARIOS) for (let seed = 1; seed <= 6; seed++) check(exampleSetup(scenario), seed);
    overRandomCrews(1316, check);
    expect(written).toBeGreaterThan(1000);
  });

  it('R5.3 R9.5: the index\'s exported reads (activeIn, a view of its one array; sideBits; activeMembers; activeSides) equal the state\'s, setup after setup', () => {
    let checked = 0;
    const check = (setup: BattleSetup, seed: number): void => {
      playTracked(setup, 'random', seed, {
        turn: (s, c) => {
          let sides = 0;
          for (let m = 0; m < c.n; m++) if (isActive(s, m)) sides |= 1 << c.sideOf[m]!;
          // activeSides reads the index again where touched; the other reads need it current.
          expect(activeSides(s)).toBe(sides);
          let all = 0;
          for (let a = 0; a < c.moveTo.length; a++) {
            let here = 0;
            for (let m = 0; m < c.n; m++) if (isActive(s, m) && s.area[m] === a) here |= 1 << m;
            expect(activeIn[a]).toBe(here);
            all |= here;
          }
          expect(sideBits).toEqual([(1 << c.first[1]!) - 1, ((1 << c.n) - 1) & ~((1 << c.first[1]!) - 1)]);
          expect(activeMembers(s)).toBe(all);
          checked++;
        },
      });
    };
    for (const scenario of EXAMPLE_SCENARIOS) for (let seed = 1; seed <= 3; seed++) check(exampleSetup(scenario), seed);
    overRandomCrews(1317, check);
    expect(checked).toBeGreaterThan(1000);
  });

  it('R2.4: a state nobody tracks is grouped afresh, and the index notices what it was not told (the check can fail)', () => {
    const setup = exampleSetup('drowned-foundry');
    const c = compile(setup);
    const s = createBattle(setup, 3);
    expect(turnIndexProblem(s, c)).toBe('the state is not tracked');
    trackTurns(s, c);
    try {
      expect(turnIndexProblem(s, c)).toBeNull();
      // A change behind applyCode's back (here: a member spends its action) is a mismatch.
      const m = c.first[s.side];
      s.used[m] = 99;
      expect(turnIndexProblem(s, c)).toMatch(/may take a turn false, indexed otherwise/);
    } finally {
      untrackTurns();
    }
  });

  it('R2.4: lowBit and bitCount of member masks equal a bit-by-bit reading', () => {
    const check = (b: number): void => {
      let low = -1;
      let n = 0;
      for (let m = MAX_BITS; m >= 0; m--) {
        if (((b >>> m) & 1) === 0) continue;
        low = m;
        n++;
      }
      expect(lowBit(b)).toBe(low);
      expect(bitCount(b)).toBe(n);
    };
    for (let m = 0; m <= MAX_BITS; m++) {
      check(1 << m);
      check(((1 << m) - 1) | (1 << m));
      check((1 << MAX_BITS) - (1 << m));
    }
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** (MAX_BITS + 1) - 1 }), (b) => check(b)));
  });

  it('R2.4 R5.3: tracking a setup of fewer Areas after one of more leaves no bits in the Areas it lacks', () => {
    const areas = ['w', 'x', 'y', 'z'];
    // Members spread over every Area of the larger setup, read by a full reading (a round's start).
    const big = mkSetup({ areas, a: areas.map((area, i) => ({ id: `a${i}`, die: 'd6' as const, area })), b: areas.map((area, i) => ({ id: `b${i}`, die: 'd6' as const, area })) });
    const small = mkSetup({ areas: ['w'], a: [{ id: 'a0', die: 'd6' }], b: [{ id: 'b0', die: 'd6' }] });
    for (const setup of [big, small, big, small]) {
      const c = compile(setup);
      const s = createBattle(setup, 5);
      trackTurns(s, c);
      try {
        expect(turnIndexProblem(s, c)).toBeNull();
      } finally {
        untrackTurns();
      }
    }
  });
});
