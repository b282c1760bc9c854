import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import { compile } from '../../../../src/shared/engine/compiled';
import { fullWhen } from '../../../../src/shared/engine/effect-index';
import type { Role } from '../../../../src/shared/engine/effect-index';
import { whenAt, whenBounds, whenWithin } from '../../../../src/shared/engine/effects';
import type { When } from '../../../../src/shared/model/types';
import { exampleSetup } from './bots/example-setups';

describe('effect conditions as bounds (whenBounds, whenWithin)', () => {
  it('R11: a `when` tested through its bounds holds exactly when whenAt says it does (written or with every field present)', () => {
    const setup = exampleSetup('glass-temple');
    const c = compile(setup);
    const s = createBattle(setup, 7);
    const areaNames = setup.areas.flatMap((a) => [a.id, a.name, ...a.tags]);
    const types = c.members.flatMap((m) => [m.type, m.baseType]);
    // Up to four conditions, as effects write them (the picked keys in the order drawn).
    const when = fc
      .record({
        role: fc.constantFrom('attacker' as const, 'defender' as const),
        opponentType: fc.constantFrom(...types, 'nobody'),
        opponentDieAtLeast: fc.constantFrom('d4' as const, 'd6' as const, 'd8' as const, 'd10' as const, 'd12' as const),
        area: fc.constantFrom(...areaNames, 'nowhere'),
        healthAtMost: fc.integer({ min: 0, max: 4 }),
        inSwarm: fc.boolean(),
        roundAtLeast: fc.integer({ min: 0, max: 4 }),
        vsSwarm: fc.boolean(),
      })
      .chain((all) => fc.shuffledSubarray(Object.keys(all) as (keyof When)[], { maxLength: 4 }).map((keys) => Object.fromEntries(keys.map((k) => [k, all[k]])) as When));
    const context = fc.record({
      m: fc.integer({ min: 0, max: c.n - 1 }),
      role: fc.constantFrom<Role>(undefined, 'attacker', 'defender'),
      opp: fc.integer({ min: -1, max: c.n - 1 }),
      inSwarm: fc.boolean(),
      vsSwarm: fc.boolean(),
      area: fc.integer({ min: 0, max: setup.areas.length - 1 }),
      health: fc.integer({ min: 0, max: 4 }),
      round: fc.integer({ min: 0, max: 5 }),
    });
    let held = 0;
    fc.assert(
      fc.property(when, context, (w, x) => {
        s.area[x.m] = x.area;
        s.health[x.m] = x.health;
        s.round = x.round;
        const want = whenAt(w, s, c, x.m, x.role, x.opp, x.inSwarm, x.vsSwarm);
        expect(whenWithin(w, whenBounds(w), s, c, x.m, x.role, x.opp, x.inSwarm, x.vsSwarm)).toBe(want);
        expect(whenWithin(fullWhen(w), whenBounds(w), s, c, x.m, x.role, x.opp, x.inSwarm, x.vsSwarm)).toBe(want);
        if (want) held++;
      }),
      { numRuns: 4000, seed: 1913 },
    );
    expect(held).toBeGreaterThan(400);
  });

  it('R11: bounds say whether whenAt is still needed: only for opponentType or area', () => {
    expect(whenBounds(undefined)).toEqual({ minRound: -Infinity, maxHealth: Infinity, minOppSides: NaN, others: false });
    expect(whenBounds({ role: 'defender', roundAtLeast: 3 })).toEqual({ minRound: 3, maxHealth: Infinity, minOppSides: NaN, others: false });
    expect(whenBounds({ healthAtMost: 1, opponentDieAtLeast: 'd10', inSwarm: true })).toEqual({ minRound: -Infinity, maxHealth: 1, minOppSides: 10, others: false });
    expect(whenBounds({ opponentType: 'machine' }).others).toBe(true);
    expect(whenBounds({ area: 'ancient', vsSwarm: true }).others).toBe(true);
  });
});
