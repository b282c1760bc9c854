import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BattleSetup } from '../../../../src/shared/engine';
import { turnIndexProblem } from '../../../../src/shared/engine/turn-index';
import type { Effect } from '../../../../src/shared/model/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';
import { randomCrew } from './random-crew';
import { playBesideUntracked } from './tracked-battle';

/** What a round-start check saw: round starts checked, those after a member was taken out, and Initiative changes. */
interface Seen {
  starts: number;
  afterLoss: number;
  initiativeChanged: number;
}

/**
 * Plays a battle as the simulation runner does (tracked, codes through `applyCode`, the coverage
 * recorder on) next to an untracked copy played with the same codes. After every step both states
 * and their coverage flags are equal — Initiative (R2.2) decided from the index's masks on the one,
 * member by member on the other — and right after each round start (R2.6) the kept index equals a
 * fresh reading of the state. `playTracked` stops a battle that does not end (no hang).
 */
const checkRounds = (setup: BattleSetup, seed: number, seen: Seen): void => {
  let round = -1;
  let initiative = -1;
  playBesideUntracked(setup, 'random', seed, (s, c) => {
    if (s.round === round || s.phase === 'ended') return;
    round = s.round;
    expect(turnIndexProblem(s, c)).toBeNull();
    seen.starts++;
    if (s.flags.some((f) => f !== 0)) seen.afterLoss++;
    if (initiative >= 0 && s.initiative !== initiative) seen.initiativeChanged++;
    initiative = s.initiative;
  });
};

const effects = fc.constantFrom<Effect[]>(
  [],
  [],
  [{ initiative: 2 }],
  [{ initiative: -3, when: { area: 'y' } }],
  [{ initiative: 1, when: { healthAtMost: 1 } }],
  [{ extraActions: 1, when: { roundAtLeast: 2 } }],
  [{ regenerate: 1 }],
);
const member = fc.record({ die: fc.constantFrom<'d4' | 'd6' | 'd8'>('d4', 'd6', 'd8'), effects, area: fc.constantFrom('x', 'y', 'z'), health: fc.integer({ min: 1, max: 3 }), cost: fc.integer({ min: 1, max: 9 }) });
const crew = randomCrew(member, 6);
const rules = fc.record({
  initiative: fc.record({
    crewValue: fc.constantFrom<'active' | 'starting'>('active', 'starting'),
    tie: fc.constantFrom<'rolloff' | 'alternate'>('rolloff', 'alternate'),
    mode: fc.constantFrom<'lowestValue' | 'startOfCombat'>('lowestValue', 'lowestValue', 'startOfCombat'),
    target: fc.constant(4),
  }),
  morale: fc.record({ enabled: fc.boolean(), target: fc.integer({ min: 2, max: 5 }) }),
});

describe('round start on the turn index (R2.2, R2.6)', () => {
  it.each(EXAMPLE_SCENARIOS)('%s: Initiative from the active masks and readiness rebuilt at a round\'s end play the untracked battle, coverage included', async (scenario) => {
    const seen: Seen = { starts: 0, afterLoss: 0, initiativeChanged: 0 };
    for (let seed = 1; seed <= 10; seed++) checkRounds(await exampleSetup(scenario), seed, seen);
    expect(seen.starts).toBeGreaterThan(30);
    // Not vacuous: rounds started after losses (the kept crew values are read again) and Initiative moved.
    expect(seen.afterLoss).toBeGreaterThan(5);
    expect(seen.initiativeChanged).toBeGreaterThan(0);
  });

  it('R1.2 R2.2 R11: the same for random crews with costs, `initiative` effects by Area and Health, active or starting crew value, ties by roll-off or alternation', () => {
    const seen: Seen = { starts: 0, afterLoss: 0, initiativeChanged: 0 };
    fc.assert(
      fc.property(crew, crew, rules, fc.integer({ min: 1, max: 1000 }), (a, b, ruleset, seed) => {
        const setup = mkSetup({ a, b, areas: [{ id: 'x' }, { id: 'y' }, { id: 'z', links: ['y'] }], ruleset, rounds: 5 });
        checkRounds(setup, seed, seen);
      }),
      { numRuns: 120, seed: 1316 },
    );
    expect(seen.starts).toBeGreaterThan(200);
    expect(seen.afterLoss).toBeGreaterThan(50);
    expect(seen.initiativeChanged).toBeGreaterThan(20);
  });
});
