import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import { ACT, ActionBuffer, CLASH_ASSIGNMENT_CAP, pack } from '../../../../src/shared/engine/action-buffer';
import { clashCodes, shapeClashOrder, shapeTableLength, shortTeamCodes, shortTeamSize } from '../../../../src/shared/engine/clash-codes';
import { compile } from '../../../../src/shared/engine/compiled';
import { freshSwarmModes } from '../../../../src/shared/engine/swarm-groups';
import type { Effect } from '../../../../src/shared/model/types';
import { mkSetup } from './helpers';
import type { MemberSpec } from './helpers';

const swarmEffects = fc.constantFrom<Effect[]>([], [], [], [{ swarm: 'always' }], [{ swarm: 'never' }], [{ swarm: 'never', when: { opponentType: 'brute' } }], [{ extraActions: 1 }]);
const member = (i: number) =>
  fc.record({ die: fc.constantFrom<'d4' | 'd6' | 'd8'>('d4', 'd6', 'd8'), effects: swarmEffects, type: fc.constantFrom('survivor', 'brute') }).map((m): MemberSpec => ({ id: `m${i}`, ...m }));
const crew = (max: number) => fc.integer({ min: 1, max }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => member(i))));
const areaEffects = fc.constantFrom<Effect[]>([], [], [{ swarm: 'always' }], [{ swarm: 'never', when: { opponentType: 'survivor' } }]);
/** A subset of 0 .. n − 1 as a bit mask, never empty. */
const subset = (n: number) => fc.integer({ min: 1, max: (1 << n) - 1 });

describe('Clash codes from a team\'s shape (issue 13: the random bot reads them instead of a kept entry)', () => {
  it('R3.1 R6.1 R11: whenever the shape gives the codes they are clashCodes\' own, and it gives them exactly for small teams short of a Swarm or plain teams', () => {
    let shaped = 0;
    let refused = 0;
    let short = 0;
    fc.assert(
      fc.property(crew(7), crew(5), fc.tuple(areaEffects, areaEffects, areaEffects), fc.integer({ min: 1, max: 3 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), subset(7), subset(5)), { minLength: 1, maxLength: 6 }), (a, b, ae, minSize, teams) => {
        const areas = ['x', 'y', 'z'].map((id, i) => ({ id, effects: ae[i]!.map((effect) => ({ effect, source: 'test' })) }));
        const setup = mkSetup({ a, b, areas, ruleset: { swarm: { minSize } } });
        const c = compile(setup);
        const s = createBattle(setup, 1);
        let asked = false;
        // The same teams in every Area, in turn: what is kept for a team in one Area must not answer for another.
        for (let area = 0; area < areas.length; area++) {
          for (const [side, ownPick, foePick] of teams) {
            const pick = (sideIndex: number, mask: number): number[] => {
              const out: number[] = [];
              for (let m = c.first[sideIndex]!; m < c.end[sideIndex]!; m++) if ((mask >> (m - c.first[sideIndex]!)) & 1) out.push(m);
              return out;
            };
            const members = pick(side, ownPick);
            const enemies = pick(1 - side, foePick);
            if (members.length === 0 || enemies.length === 0) continue;
            for (const m of [...members, ...enemies]) s.area[m] = area;
            let own = 0;
            for (const m of members) own |= 1 << m;
            const na = members.length;
            const nt = enemies.length;
            asked = true;
            const order = shapeClashOrder(s, c, area, own, Int32Array.from(members), 0, na, nt);
            const buf = new ActionBuffer();
            buf.clear();
            freshSwarmModes(c);
            clashCodes(s, c, area, Int32Array.from(members), 0, na, Int32Array.from(enemies), 0, nt, buf);
            const fresh = Array.from(buf.codes.subarray(0, buf.count));
            const plain = areas[area]!.effects.every((e) => !('swarm' in e.effect)) && members.every((m) => c.members[m]!.effects.every((e) => !('swarm' in e.effect)));
            const expected = (nt + 1) ** na - 1 <= CLASH_ASSIGNMENT_CAP && (na < minSize || plain);
            expect(order !== null).toBe(expected);
            // A team short of a Swarm is counted and drawn from its size alone (turn-draw.ts): the
            // same number as the shape's order, whose code i is assignment i + 1 without variant.
            expect(shortTeamSize(s, c)).toBe(minSize);
            if (na < minSize) {
              const n = shortTeamCodes(na, nt);
              expect(n).toBe(order === null ? -1 : order.length);
              if (order !== null) expect(Array.from(order)).toEqual(Array.from({ length: n }, (_, i) => 2 * (i + 1)));
              short++;
            }
            if (order === null) {
              refused++;
              continue;
            }
            shaped++;
            expect(Array.from(order, (o) => pack(ACT.clash, area, o >> 1, o & 1))).toEqual(fresh);
          }
        }
        // Every key falls within the table as sized for the setup (when it was asked): one past it
        // would grow the array into a slow dictionary.
        if (asked) expect(shapeTableLength()).toBe(2 * (1 << Math.max(a.length, b.length)) * (c.n + 1));
      }),
      { numRuns: 300, seed: 1313 },
    );
    expect(shaped).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(100);
    expect(short).toBeGreaterThan(100);
  });

  it('gives nothing without member masks (own 0: a setup too large for them)', () => {
    const setup = mkSetup({ a: [{ id: 'p', die: 'd6' }], b: [{ id: 'q', die: 'd6' }] });
    const c = compile(setup);
    expect(shapeClashOrder(createBattle(setup, 1), c, 0, 0, Int32Array.of(0), 0, 1, 1)).toBeNull();
    expect(shapeClashOrder(createBattle(setup, 1), c, 0, 1, Int32Array.of(0), 0, 1, 1)).toEqual(Int32Array.of(2));
    // Nor are teams counted from their size when the setup has no table.
    const big = mkSetup({ a: Array.from({ length: 11 }, (_, i) => ({ id: `p${i}`, die: 'd6' as const })), b: [{ id: 'q', die: 'd6' }] });
    expect(shortTeamSize(createBattle(big, 1), compile(big))).toBe(0);
  });
});
