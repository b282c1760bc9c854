import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, legalActions } from '../../../../src/shared/engine';
import type { BattleSetup } from '../../../../src/shared/engine';
import { compile } from '../../../../src/shared/engine/compiled';
import { coverageSlots, recordCoverage } from '../../../../src/shared/engine/coverage';
import { activeEffects, sumOf } from '../../../../src/shared/engine/effects';
import { actionLimit } from '../../../../src/shared/engine/state';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import { mkSetup } from './helpers';

/**
 * Plays `setup` with random legal actions; at every state, each member's action limit (R2.5) —
 * read twice, the second time from what the first kept — is 1 + its applicable `extraActions`
 * (R11, from the effects themselves), and marks the same coverage slots as the effects it counts.
 */
const compareAlongBattle = (setup: BattleSetup, seed: number): number => {
  const c = compile(setup);
  const slots = coverageSlots(setup).total;
  const rng = createBotRng(seed);
  let s = createBattle(setup, seed);
  let compared = 0;
  try {
    for (let step = 0; s.phase !== 'ended' && step < 300; step++) {
      for (let m = 0; m < c.n; m++) {
        const applying = activeEffects(s, c, { member: m });
        const want = 1 + Math.max(0, sumOf(applying, 'extraActions'));
        // The slots of the applying effects that carry a numeric `extraActions`.
        const marked = new Uint8Array(slots);
        const own = c.members[m]!.effects.map((e) => e.effect);
        const all = [...own, ...c.areaEffects[s.area[m]!]!];
        const firstSlot = (e: object): number => {
          const i = own.indexOf(e as never);
          if (i >= 0) return coverageSlots(setup).memberEffects[m]! + i;
          return coverageSlots(setup).areaEffects[s.area[m]!]! + c.areaEffects[s.area[m]!]!.indexOf(e as never);
        };
        for (const e of all) if (applying.includes(e) && typeof (e as { extraActions?: unknown }).extraActions === 'number') marked[firstSlot(e)] = 1;
        for (let read = 0; read < 2; read++) {
          const fired = new Uint8Array(slots);
          recordCoverage(fired);
          const got = actionLimit(s, c, m);
          recordCoverage(null);
          expect(got).toBe(want);
          expect([...fired]).toEqual(c.mayExtra[m] ? [...marked] : [...new Uint8Array(slots)]);
          compared++;
        }
      }
      const legal = legalActions(s);
      const next = applyAction(s, legal[rng.int(legal.length)]!);
      if (!next.ok) throw new Error(next.error.message);
      s = next.value.state;
    }
  } finally {
    recordCoverage(null);
  }
  return compared;
};

describe('action limits kept per member (R2.5, R11)', () => {
  it('R2.5 R11: extraActions by round, Area, Health, own and Area effects, one or several applying — the same limits and coverage marks, read fresh or kept', () => {
    const setup: BattleSetup = mkSetup({
      a: [
        { id: 'x', die: 'd6', health: 3, effects: [{ extraActions: 1, when: { roundAtLeast: 3 } }] },
        { id: 'y', die: 'd8', health: 3, effects: [{ extraActions: 1, when: { healthAtMost: 2 } }, { extraActions: 1, when: { area: 'far' } }] },
        { id: 'v', die: 'd4', effects: [{ extraActions: 2, when: { role: 'attacker' } }] },
      ],
      b: [
        { id: 'z', die: 'd6', area: 'far', health: 2 },
        { id: 'w', die: 'd8', area: 'far', effects: [{ extraActions: 1 }] },
      ],
      areas: [{ id: 'near' }, { id: 'far', effects: [{ effect: { extraActions: 1, when: { roundAtLeast: 2 } }, source: 'test' }] }],
    });
    let compared = 0;
    for (let seed = 1; seed <= 12; seed++) compared += compareAlongBattle(setup, seed);
    expect(compared).toBeGreaterThan(1000);
  });
});
