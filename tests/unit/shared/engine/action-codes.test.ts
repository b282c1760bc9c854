import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, legalActions } from '../../../../src/shared/engine';
import type { BattleState } from '../../../../src/shared/engine';
import { ACT, ActionBuffer, enumerateActions, kindOf, memberCodeAt, memberCodeCount, turnClashCodes } from '../../../../src/shared/engine/action-codes';
import { compile } from '../../../../src/shared/engine/compiled';
import { listedActions } from '../../../../src/shared/engine/legal';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import type { Effect } from '../../../../src/shared/model/types';
import { mkSetup } from './helpers';
import { randomCrew } from './random-crew';
import type { MemberSpec } from './helpers';
import { legacyLegalActions } from './legacy-legal';

/** Plays random legal actions; at every decision the listing must equal the old one, key order included. */
const compareBattle = (state: BattleState, seed: number, maxSteps = 400): number => {
  const rng = createBotRng(seed);
  let s = state;
  let compared = 0;
  for (let step = 0; s.phase !== 'ended' && step < maxSteps; step++) {
    const now = legalActions(s);
    expect(JSON.stringify(now)).toBe(JSON.stringify(legacyLegalActions(s)));
    compared += now.length;
    const next = applyAction(s, now[rng.int(now.length)]!);
    if (!next.ok) throw new Error(next.error.message);
    s = next.value.state;
  }
  return compared;
};

const effect = fc.constantFrom<Effect[]>([], [], [{ swarm: 'always' }], [{ swarm: 'never' }], [{ swarm: 'never', when: { opponentType: 'brute' } }], [{ extraActions: 1 }], [{ firstStrike: true }]);
const member = fc.record({ die: fc.constantFrom<'d4' | 'd6' | 'd8'>('d4', 'd6', 'd8'), effects: effect, area: fc.constantFrom('x', 'y', 'z'), health: fc.integer({ min: 1, max: 2 }), type: fc.constantFrom('brute', 'survivor') });
const crew = randomCrew(member, 8);

describe('legal action codes (issue 13 item 1: enumerated into a reused buffer)', () => {
  it('R2.4 R3 R6 R8 R9: legalActions built from codes lists exactly the old actions, in the old order', () => {
    fc.assert(
      fc.property(
        crew,
        crew,
        fc.record({ interception: fc.boolean(), minSize: fc.integer({ min: 1, max: 3 }), lossTarget: fc.constantFrom<'chosen' | 'random'>('chosen', 'random'), linked: fc.boolean() }),
        fc.integer({ min: 0, max: 1000 }),
        (a, b, k, seed) => {
          const setup = mkSetup({
            a,
            b,
            areas: k.linked ? [{ id: 'x', links: ['y'] }, { id: 'y', links: ['x', 'z'] }, { id: 'z', links: ['y'] }] : ['x', 'y', 'z'],
            ruleset: { clash: { interception: k.interception }, swarm: { minSize: k.minSize, lossTarget: k.lossTarget } },
            objectives: [{ id: 'relic', name: 'Relic', kind: 'interact', area: 'y', progress: 2 }],
          });
          compareBattle(createBattle(setup, seed), seed);
        },
      ),
      { numRuns: 60, seed: 2026 },
    );
  });

  it('R3.1 over CLASH_ASSIGNMENT_CAP and R3.2 over RESPONSE_SUBSET_LIMIT: the capped listings match too', () => {
    const eight = Array.from({ length: 8 }, (_, i): MemberSpec => ({ id: `m${i}`, die: i % 2 === 0 ? 'd6' : 'd4', health: 3, effects: i === 3 ? [{ swarm: 'always' }] : [] }));
    const setup = mkSetup({ a: eight, b: eight, ruleset: { clash: { interception: true }, swarm: { minSize: 2 } } });
    const s = createBattle(setup, 3);
    const buf = new ActionBuffer();
    const n = enumerateActions(s, compile(setup), buf, listedActions);
    const kinds = new Set(Array.from(buf.codes.subarray(0, n), kindOf));
    expect(kinds.has(ACT.clashPair) && kinds.has(ACT.clashAll)).toBe(true);
    // Every attacker on its own target: 8 ready targets, more than RESPONSE_SUBSET_LIMIT.
    const side = setup.sides[s.side]!.id;
    const other = setup.sides[1 - s.side]!.id;
    const spread = applyAction(s, { type: 'clash', side, attacks: eight.map((m, i) => ({ attacker: `${side}:${m.id}`, target: `${other}:${eight[i]!.id}` })) });
    if (!spread.ok) throw new Error(spread.error.message);
    expect(spread.value.state.phase).toBe('respond');
    expect(compareBattle(s, 3)).toBeGreaterThan(100);
    expect(compareBattle(spread.value.state, 4)).toBeGreaterThan(100);
  });

  it('R2.4 R3.1 R8 R9: a turn counted (Clash codes, then moves, interacts and Holds counted and built one by one) is the full enumeration, code for code — member codes built after counting them (per-slot counts kept) or without (worked out afresh)', () => {
    let turns = 0;
    fc.assert(
      fc.property(crew, crew, fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.integer({ min: 0, max: 1000 }), (a, b, minSize, linked, seed) => {
        const setup = mkSetup({
          a,
          b,
          areas: linked ? [{ id: 'x', links: ['y'] }, { id: 'y', links: ['x', 'z'] }, { id: 'z', links: ['y'] }] : ['x', 'y', 'z'],
          ruleset: { swarm: { minSize } },
          // Several interacts per Area: blocked or not, one side's only, scoring once or again (R9.1–R9.3).
          objectives: [
            { id: 'relic', name: 'Relic', kind: 'interact', area: 'y', progress: 2, whenContested: 'blocked' },
            { id: 'altar', name: 'Altar', kind: 'interact', area: 'y', side: 'b', repeatable: true },
            { id: 'lever', name: 'Lever', kind: 'interact', area: 'x', side: 'a' },
            { id: 'well', name: 'Well', kind: 'interact', area: 'x', repeatable: true, whenContested: 'blocked' },
          ],
        });
        const c = compile(setup);
        const rng = createBotRng(seed);
        const full = new ActionBuffer();
        const counted = new ActionBuffer();
        let s = createBattle(setup, seed);
        for (let step = 0; s.phase !== 'ended' && step < 300; step++) {
          const n = enumerateActions(s, c, full, listedActions);
          if (s.phase === 'turn') {
            turns++;
            // Built without counting first (the previous decision's counts must not be read), then counted.
            const uncounted = turnClashCodes(s, c, counted);
            const built = [...counted.codes.subarray(0, uncounted)];
            for (let k = 0; k < n - uncounted; k++) built.push(memberCodeAt(s, c, k));
            expect(built).toEqual([...full.codes.subarray(0, n)]);
            const clashes = turnClashCodes(s, c, counted);
            const members = memberCodeCount(s, c);
            const codes = [...counted.codes.subarray(0, clashes)];
            for (let k = 0; k < members; k++) codes.push(memberCodeAt(s, c, k));
            expect(codes).toEqual([...full.codes.subarray(0, n)]);
          }
          const next = applyAction(s, legalActions(s)[rng.int(n)]!);
          if (!next.ok) throw new Error(next.error.message);
          s = next.value.state;
        }
      }),
      { numRuns: 40, seed: 1313 },
    );
    expect(turns).toBeGreaterThan(500);
  });
});
