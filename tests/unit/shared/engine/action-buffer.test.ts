import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ActionBuffer } from '../../../../src/shared/engine/action-buffer';

/** The members of a mask in ascending order. */
const bitsOf = (mask: number): number[] => {
  const out: number[] = [];
  for (let m = 0; m < 31; m++) if ((mask & (1 << m)) !== 0) out.push(m);
  return out;
};

/** What a buffer holds of Area `area`'s team: [attackers, targets], or null when it has none. */
const teamIn = (buf: ActionBuffer, area: number): [number[], number[]] | null => {
  const at = buf.teamAt[area] ?? -1;
  if (at < 0) return null;
  const na = buf.teamNa[area]!;
  const nt = buf.teamNt[area]!;
  return [Array.from(buf.teams.subarray(at, at + na)), Array.from(buf.teams.subarray(at + na, at + na + nt))];
};

describe('ActionBuffer teams (issue 13: the random bot draws a Clash code)', () => {
  it('R3.1: a team set from member masks (setTeamBits) is the team setTeam records from its listed members, at the offset it returns, through growth and clears', () => {
    const team = fc.record({
      area: fc.integer({ min: 0, max: 20 }),
      own: fc.integer({ min: 1, max: 0x3fffffff }),
      foe: fc.integer({ min: 1, max: 0x3fffffff }),
      bits: fc.boolean(),
      clear: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(team, { minLength: 1, maxLength: 12 }), (teams) => {
        const byBits = new ActionBuffer();
        const listed = new ActionBuffer();
        for (const t of teams) {
          if (t.clear) {
            byBits.clear();
            listed.clear();
          }
          const att = bitsOf(t.own);
          const tgt = bitsOf(t.foe);
          listed.setTeam(t.area, Int32Array.from(att), 0, att.length, Int32Array.from(tgt), 0, tgt.length);
          if (t.bits) {
            const at = byBits.setTeamBits(t.area, t.own, att.length, t.foe, tgt.length);
            expect(at).toBe(byBits.teamAt[t.area]);
            expect(Array.from(byBits.teams.subarray(at, at + att.length))).toEqual(att);
          } else byBits.setTeam(t.area, Int32Array.from(att), 0, att.length, Int32Array.from(tgt), 0, tgt.length);
          for (let a = 0; a <= 20; a++) expect(teamIn(byBits, a)).toEqual(teamIn(listed, a));
        }
      }),
      { numRuns: 300 },
    );
  });
});
