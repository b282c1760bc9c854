import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import type { BattleSetup } from '../../../../src/shared/engine';
import { ACT, kindOf } from '../../../../src/shared/engine/action-buffer';
import { ActionBuffer, decodeAction, enumerateActions } from '../../../../src/shared/engine/action-codes';
import { keepClashCodes } from '../../../../src/shared/engine/clash-code-cache';
import { compile } from '../../../../src/shared/engine/compiled';
import { listedActions } from '../../../../src/shared/engine/legal';
import { touchAll, trackTurns, untrackTurns } from '../../../../src/shared/engine/turn-index';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { layoutOf, runRange } from '../../../../src/shared/engine/sim/runner';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import { emptyAccumulator } from '../../../../src/shared/engine/sim/stats';
import { limitTurnMemo, turnCodeAt, turnCodeCount, turnCountedLean, turnDraw } from '../../../../src/shared/engine/turn-draw';
import type { Effect } from '../../../../src/shared/model/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';
import { randomCrew } from './random-crew';
import { playTracked } from './tracked-battle';

/**
 * Plays a battle as the simulation runner does and checks at every turn decision that the turn
 * counted and drawn code by code (turn-draw.ts) is the full enumeration: the same count, the same
 * code at every index and, for a Clash code, the same action (its Area's team set in the buffer).
 * Returns [turn decisions, those counted without grouping].
 */
const checkBattle = (setup: BattleSetup, bot: string, seed: number): [number, number] => {
  const full = new ActionBuffer();
  const drawn = new ActionBuffer();
  let lean = 0;
  let step = 0;
  const turns = playTracked(setup, bot, seed, {
    turn: (s, c) => {
      step++;
      const n = enumerateActions(s, c, full, listedActions);
      expect(turnCodeCount(s, c, drawn)).toBe(n);
      if (turnCountedLean()) lean++;
      // Indices in a shuffled order: each draw must stand alone (no state carried from the last).
      for (let j = 0; j < n; j++) {
        const k = (j * 7 + seed) % n;
        const code = turnCodeAt(s, c, k, drawn);
        expect(code).toBe(full.codes[k]);
        expect(decodeAction(s, c, code, drawn)).toEqual(decodeAction(s, c, full.codes[k]!, full));
      }
      // Counted and drawn in one call (the random bot): the code at the draw of the same generator
      // from the same count, its Area's team set — for a few generator seeds, so that every part of
      // the decision (Clash codes of each Area, each member's codes) is drawn in some battles.
      for (let g = 0; g < 3; g++) {
        const bits = seed * 31 + step * 7 + g;
        const code = turnDraw(s, c, drawn, createBotRng(bits));
        const k = createBotRng(bits).int(n);
        expect(code).toBe(full.codes[k]);
        expect(decodeAction(s, c, code, drawn)).toEqual(decodeAction(s, c, full.codes[k]!, full));
      }
    },
  });
  return [turns, lean];
};

const effects = fc.constantFrom<Effect[]>([], [], [{ extraActions: 1 }], [{ swarm: 'always' }], [{ swarm: 'never', when: { opponentType: 'brute' } }], [{ swarm: 'always', when: { healthAtMost: 1 } }]);
const member = fc.record({ die: fc.constantFrom<'d4' | 'd6' | 'd8'>('d4', 'd6', 'd8'), effects, area: fc.constantFrom('x', 'y', 'z'), health: fc.integer({ min: 1, max: 3 }), type: fc.constantFrom('brute', 'survivor') });
const crew = randomCrew(member, 7);

describe('a turn counted and drawn without grouping (issue 13: the random bot)', () => {
  it('R2.4 R3.1 R8 R9: in the example battles every count and every drawn code are the full enumeration\'s', () => {
    let turns = 0;
    let lean = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (let seed = 1; seed <= 6; seed++) {
        const [t, l] = checkBattle(exampleSetup(scenario), 'random', seed);
        turns += t;
        lean += l;
      }
    }
    expect(turns).toBeGreaterThan(500);
    expect(lean).toBeGreaterThan(turns / 2);
  });

  it('R3.1 R6.1 R9.1 R11: the same for random crews with Swarm effects (of members and of an Area), blocked and one-side interacts, any Swarm size, kept codes and counts dropped when full, and keeping off', () => {
    let turns = 0;
    let lean = 0;
    try {
      fc.assert(
        fc.property(crew, crew, fc.integer({ min: 1, max: 3 }), fc.constantFrom(0, 1, 2), fc.integer({ min: 1, max: 1000 }), (a, b, minSize, keep, seed) => {
          // keep 1: tiny tables, everything kept or counted dropped often; 2: nothing kept (grouped enumeration).
          keepClashCodes(keep !== 2, keep === 1 ? 64 : undefined);
          limitTurnMemo(keep === 1 ? 32 : undefined);
          const setup = mkSetup({
            a,
            b,
            // Area z's own Swarm rule (R11): the same team counts otherwise there than in x or y.
            areas: [{ id: 'x', links: ['y'] }, { id: 'y', links: ['x', 'z'] }, { id: 'z', links: ['y'], effects: [{ effect: { swarm: 'never' }, source: 'test' }] }],
            ruleset: { swarm: { minSize } },
            rounds: 4,
            objectives: [
              { id: 'relic', name: 'Relic', kind: 'interact', area: 'y', progress: 2, whenContested: 'blocked' },
              { id: 'altar', name: 'Altar', kind: 'interact', area: 'y', side: 'b', repeatable: true },
              { id: 'lever', name: 'Lever', kind: 'interact', area: 'x', side: 'a' },
            ],
          });
          const [t, l] = checkBattle(setup, 'random', seed);
          turns += t;
          lean += l;
        }),
        { numRuns: 60, seed: 1315 },
      );
    } finally {
      keepClashCodes(true);
      limitTurnMemo();
    }
    expect(turns).toBeGreaterThan(500);
    expect(lean).toBeGreaterThan(0);
    expect(lean).toBeLessThan(turns);
  });

  it('R2.4 R3.1: a drawn member code leaves the buffer as the last decision left it; a drawn Clash code clears it first (once per decision) and sets its team', () => {
    let members = 0;
    let clashes = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      const setup = exampleSetup(scenario);
      const full = new ActionBuffer();
      const drawn = new ActionBuffer();
      playTracked(setup, 'random', 3, {
        turn: (s, c) => {
          const n = enumerateActions(s, c, full, listedActions);
          // Counted once (a team new to the memo has its Clash codes computed in the buffer), then
          // again with the buffer holding another decision's codes (this one's enumeration, then more).
          expect(turnCodeCount(s, c, drawn)).toBe(n);
          enumerateActions(s, c, drawn, listedActions);
          drawn.count = n + 1;
          expect(turnCodeCount(s, c, drawn)).toBe(n);
          if (!turnCountedLean()) return;
          const memberAt = full.codes.subarray(0, n).findIndex((code) => kindOf(code) !== ACT.clash && kindOf(code) !== ACT.clashPair && kindOf(code) !== ACT.clashAll);
          if (memberAt >= 0) {
            expect(turnCodeAt(s, c, memberAt, drawn)).toBe(full.codes[memberAt]);
            expect(drawn.count).toBe(n + 1);
            members++;
          }
          if (memberAt !== 0) {
            expect(turnCodeAt(s, c, 0, drawn)).toBe(full.codes[0]);
            expect(drawn.count).toBe(0);
            expect(decodeAction(s, c, full.codes[0]!, drawn)).toEqual(decodeAction(s, c, full.codes[0]!, full));
            // Cleared once: a second draw keeps what the first set.
            drawn.count = 5;
            turnCodeAt(s, c, 0, drawn);
            expect(drawn.count).toBe(5);
            clashes++;
          }
        },
      });
    }
    expect(members).toBeGreaterThan(50);
    expect(clashes).toBeGreaterThan(10);
  });

  it('R6.1 R11: the same team counts by its Area — two attackers of one die over one target have a Swarm variant in a plain Area, none where the Area says never', () => {
    const setup = mkSetup({
      a: [
        { id: 'p1', die: 'd6' },
        { id: 'p2', die: 'd6' },
      ],
      b: [{ id: 'q', die: 'd6' }],
      areas: [{ id: 'x' }, { id: 'z', effects: [{ effect: { swarm: 'never' }, source: 'test' }] }],
      ruleset: { swarm: { minSize: 2 } },
    });
    const c = compile(setup);
    const s = createBattle(setup, 1);
    const full = new ActionBuffer();
    const drawn = new ActionBuffer();
    trackTurns(s, c);
    try {
      s.side = 0;
      const counts: number[] = [];
      for (const area of [0, 1, 0, 1]) {
        for (let m = 0; m < c.n; m++) s.area[m] = area;
        touchAll(s);
        const n = enumerateActions(s, c, full, listedActions);
        expect(turnCodeCount(s, c, drawn)).toBe(n);
        expect(turnCountedLean()).toBe(true);
        for (let k = 0; k < n; k++) expect(turnCodeAt(s, c, k, drawn)).toBe(full.codes[k]);
        counts.push(n);
      }
      // 3 assignments (+ 1 Swarm variant in x: both on q), and a move and a Hold each.
      expect(counts).toEqual([8, 7, 8, 7]);
    } finally {
      untrackTurns();
    }
  });

  it('R3.1: keeping turned off is seen at the next count (the grouped enumeration), and turned on again the lean count is back — the setup last found keeping is forgotten', () => {
    const full = new ActionBuffer();
    const drawn = new ActionBuffer();
    let checked = 0;
    try {
      playTracked(exampleSetup('drowned-foundry'), 'random', 2, {
        turn: (s, c) => {
          const n = enumerateActions(s, c, full, listedActions);
          expect(turnCodeCount(s, c, drawn)).toBe(n);
          if (!turnCountedLean()) return;
          keepClashCodes(false);
          expect(turnCodeCount(s, c, drawn)).toBe(n);
          expect(turnCountedLean()).toBe(false);
          keepClashCodes(true);
          expect(turnCodeCount(s, c, drawn)).toBe(n);
          expect(turnCountedLean()).toBe(true);
          checked++;
        },
      });
    } finally {
      keepClashCodes(true);
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('the kept codes started only when a drawn turn reads a kept entry (issue 13)', () => {
  it('R3.1 R6.1: random battles played by the runner alone (no full enumeration between turns) are the same with tiny kept tables and memo, dropped often, as with nothing kept', () => {
    const run = (scenario: string): string => {
      const setup = exampleSetup(scenario);
      const layout = layoutOf(setup);
      const policies = getPolicies(['random', 'random']);
      if (!policies.ok) throw new Error(policies.error.message);
      const acc = emptyAccumulator(layout);
      const done = runRange(setup, layout, policies.value, 5, 0, 60, acc);
      if (!done.ok) throw new Error(done.error.message);
      return JSON.stringify(acc);
    };
    try {
      for (const scenario of EXAMPLE_SCENARIOS) {
        keepClashCodes(false);
        const fresh = run(scenario);
        keepClashCodes(true, 64);
        limitTurnMemo(32);
        expect(run(scenario)).toBe(fresh);
      }
    } finally {
      keepClashCodes(true);
      limitTurnMemo();
    }
  });
});
