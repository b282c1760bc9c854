import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBattle, crewValue } from '../../../../src/shared/engine';
import type { BattleSetup } from '../../../../src/shared/engine';
import { compile } from '../../../../src/shared/engine/compiled';
import { ACT, argA, kindOf } from '../../../../src/shared/engine/action-codes';
import { isActive } from '../../../../src/shared/engine/state';
import { turnIndexProblem } from '../../../../src/shared/engine/turn-index';
import type { Effect } from '../../../../src/shared/model/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';
import { randomCrew } from './random-crew';
import { playBesideUntracked, playTracked } from './tracked-battle';

/** What the checks saw: steps, own turns (Move, Hold), contested Moves, and steps after a loss. */
interface Seen {
  steps: number;
  ownTurns: number;
  contestedMoves: number;
  afterLoss: number;
}

/**
 * The turn flow read from the turn index (turn-index.ts: the touched members read again without
 * working out a limit of 1, `turnEndSide` after a Move or a Hold, `nextSide`, `activeSides` for the
 * end check, `contestedIn` for the Retreat roll; round.ts: Initiative from an active mask at round
 * 1's start) plays the battle that the untracked copy plays member by member, coverage slots
 * included (`playBesideUntracked`), and after every step the index equals a fresh reading of the
 * state. `playTracked` stops a battle that does not end (no hang).
 */
const check = (setup: BattleSetup, bot: string, seed: number, seen: Seen): void => {
  playBesideUntracked(setup, bot, seed, (s, c) => {
    seen.steps++;
    if (s.flags.some((f) => f !== 0)) seen.afterLoss++;
    if (s.phase !== 'ended') expect(turnIndexProblem(s, c)).toBeNull();
  });
  // The same battle, tracked alone: its own turns, and its Moves out of a contested Area (R8.4: the
  // Retreat roll, asked of the index), from the state before each decision read member by member.
  let contested = 0;
  playTracked(setup, bot, seed, {
    turn: (s, c) => {
      const sides = new Map<number, number>();
      for (let m = 0; m < c.n; m++) if (isActive(s, m)) sides.set(s.area[m]!, (sides.get(s.area[m]!) ?? 0) | (1 << c.sideOf[m]!));
      contested = 0;
      for (let m = 0; m < c.n; m++) if (sides.get(s.area[m]!) === 3) contested |= 1 << m;
    },
    applied: (_s, code) => {
      if (kindOf(code) !== ACT.move && kindOf(code) !== ACT.hold) return;
      seen.ownTurns++;
      if (kindOf(code) === ACT.move && ((contested >> argA(code)) & 1) !== 0) seen.contestedMoves++;
    },
  });
};

const effects = fc.constantFrom<Effect[]>(
  [],
  [],
  [{ extraActions: 1 }],
  [{ extraActions: 1, when: { roundAtLeast: 2 } }],
  [{ extraActions: 2, when: { area: 'y' } }],
  [{ extraActions: 1, when: { healthAtMost: 1 } }],
  [{ extraActions: 1 }, { extraActions: 1, when: { roundAtLeast: 3 } }],
  [{ initiative: 2 }],
  [{ regenerate: 1 }],
);
const member = fc.record({ die: fc.constantFrom<'d4' | 'd6' | 'd8'>('d4', 'd6', 'd8'), effects, area: fc.constantFrom('x', 'y', 'z'), health: fc.integer({ min: 1, max: 3 }), cost: fc.integer({ min: 1, max: 9 }) });
const crew = randomCrew(member, 6);
const rules = fc.record({
  initiative: fc.record({
    crewValue: fc.constantFrom<'active' | 'starting'>('active', 'starting'),
    mode: fc.constantFrom<'lowestValue' | 'startOfCombat'>('lowestValue', 'lowestValue', 'startOfCombat'),
    target: fc.constant(4),
  }),
  movement: fc.record({ retreat: fc.constantFrom<'free' | 'roll'>('free', 'roll', 'roll'), retreatTarget: fc.integer({ min: 2, max: 5 }) }),
  morale: fc.record({ enabled: fc.boolean(), target: fc.integer({ min: 2, max: 5 }) }),
});
const areaEffects = fc.constantFrom<Effect[]>([], [], [{ extraActions: 1, when: { roundAtLeast: 2 } }]).map((list) => list.map((effect) => ({ effect, source: 'test' })));

describe('the turn flow on the turn index (R2.3, R2.5, R8.4, R9.5)', () => {
  it.each(EXAMPLE_SCENARIOS)('%s: random and greedy battles play the untracked battle, coverage included, and the index stays a reading of the state', async (scenario) => {
    const seen: Seen = { steps: 0, ownTurns: 0, contestedMoves: 0, afterLoss: 0 };
    const setup = await exampleSetup(scenario);
    for (let seed = 1; seed <= 8; seed++) for (const bot of ['random', 'greedy']) check(setup, bot, seed, seen);
    expect(seen.ownTurns).toBeGreaterThan(100);
    expect(seen.afterLoss).toBeGreaterThan(20);
  });

  it('R2.5 R8.4 R11: the same for random crews with `extraActions` (own and Area effects, by round, Area and Health), Retreat rolls, start of combat and morale', () => {
    const seen: Seen = { steps: 0, ownTurns: 0, contestedMoves: 0, afterLoss: 0 };
    fc.assert(
      fc.property(crew, crew, rules, areaEffects, fc.integer({ min: 1, max: 1000 }), (a, b, ruleset, zEffects, seed) => {
        const setup = mkSetup({ a, b, areas: [{ id: 'x' }, { id: 'y' }, { id: 'z', links: ['y'], effects: zEffects }], ruleset, rounds: 5 });
        check(setup, 'random', seed, seen);
      }),
      { numRuns: 100, seed: 1311 },
    );
    expect(seen.ownTurns).toBeGreaterThan(500);
    expect(seen.contestedMoves).toBeGreaterThan(50);
    expect(seen.afterLoss).toBeGreaterThan(100);
  });

  it('R1.2 R2.2: Initiative at a battle\'s start, from a mask of the active members (no index yet), uses the crew values member by member', () => {
    let decided = 0;
    fc.assert(
      fc.property(crew, crew, rules, fc.integer({ min: 1, max: 1000 }), (a, b, ruleset, seed) => {
        const setup = mkSetup({ a, b, areas: [{ id: 'x' }, { id: 'y' }, { id: 'z', links: ['y'] }], ruleset, rounds: 5 });
        const s = createBattle(setup, seed);
        const c = compile(setup);
        const event = s.openingEvents.find((e) => e.type === 'initiative');
        expect(event?.type === 'initiative' ? event.values : null).toEqual({ a: crewValue(s, c, 0), b: crewValue(s, c, 1) });
        if (crewValue(s, c, 0) !== crewValue(s, c, 1)) decided++;
      }),
      { numRuns: 150, seed: 1312 },
    );
    expect(decided).toBeGreaterThan(50);
  });
});
