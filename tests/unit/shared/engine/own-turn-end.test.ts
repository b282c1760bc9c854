import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BattleEvent, BattleSetup } from '../../../../src/shared/engine';
import { checkMorale } from '../../../../src/shared/engine/damage';
import { checkEnd } from '../../../../src/shared/engine/round';
import { cloneState } from '../../../../src/shared/engine/state';
import type { Effect } from '../../../../src/shared/model/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';
import { randomCrew } from './random-crew';
import type { MemberSpec } from './helpers';
import { playTracked } from './tracked-battle';

/**
 * What round.ts `afterOwnTurn` leaves out after a member's own Move, Hold or Interact rests on this:
 * at every turn decision of a battle of codes, morale (R12) has nothing due and the battle has not
 * ended (R9.5) — so a Move or a Hold, which changes no activity, points or objective, leaves both
 * as they are. Checked on a copy of the state before every turn decision; returns the number of
 * decisions and how many of them came after a morale check had marked a side.
 */
const checkDecisions = (setup: BattleSetup, bot: string, seed: number): { turns: number; marked: number } => {
  let turns = 0;
  let marked = 0;
  playTracked(setup, bot, seed, {
    turn: (s, c) => {
      const copy = cloneState(s);
      const events: BattleEvent[] = [];
      checkMorale(copy, c, events);
      expect(checkEnd(copy, c, events, true)).toBe(false);
      expect(events).toEqual([]);
      expect(copy).toEqual(s);
      turns++;
      if ((s.morale[0]! | s.morale[1]!) !== 0) marked++;
    },
  });
  return { turns, marked };
};

const effects = fc.constantFrom<Effect[]>([], [], [{ extraActions: 1 }], [{ regenerate: 1 }], [{ armor: 1 }]);
const member = fc.record({ die: fc.constantFrom<'d4' | 'd6' | 'd8'>('d4', 'd6', 'd8'), effects, area: fc.constantFrom('x', 'y'), health: fc.integer({ min: 1, max: 2 }) });
const crew = randomCrew(member, 5);

/** Two generated crews, npc sides with morale, an interact objective and a points limit an Interact can reach. */
const crewSetup = (a: MemberSpec[], b: MemberSpec[], target: number, npc: [boolean, boolean]): BattleSetup =>
  mkSetup({
    a,
    b,
    npc,
    areas: [{ id: 'x' }, { id: 'y' }],
    rounds: 5,
    ruleset: { morale: { enabled: true, target } },
    objectives: [{ id: 'core', name: 'Core', area: 'y', kind: 'interact', progress: 1, points: 2, repeatable: true }],
    endWhen: { points: 4 },
  });

describe('after a member\'s own turn (round.ts afterOwnTurn): nothing due at a turn decision', () => {
  it('R9.5 R12: at every turn decision of the example battles, morale has nothing due and the battle has not ended', () => {
    let turns = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (let seed = 1; seed <= 6; seed++) turns += checkDecisions(exampleSetup(scenario), 'random', seed).turns;
      turns += checkDecisions(exampleSetup(scenario), 'greedy', 1).turns;
    }
    expect(turns).toBeGreaterThan(500);
  });

  it('R9.5 R12: the same for random npc crews whose morale breaks and whose Interacts end the battle on points', () => {
    let marked = 0;
    let turns = 0;
    fc.assert(
      fc.property(crew, crew, fc.integer({ min: 2, max: 6 }), fc.constantFrom<[boolean, boolean]>([true, true], [true, false], [false, true]), fc.integer({ min: 1, max: 1000 }), (a, b, target, npc, seed) => {
        const r = checkDecisions(crewSetup(a, b, target, npc), 'random', seed);
        turns += r.turns;
        marked += r.marked;
      }),
      { numRuns: 80, seed: 1317 },
    );
    expect(turns).toBeGreaterThan(500);
    expect(marked).toBeGreaterThan(50);
  });
});
