import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, legalActions } from '../../../../src/shared/engine';
import type { BattleState } from '../../../../src/shared/engine';
import { compile } from '../../../../src/shared/engine/compiled';
import { EK, effectAny, effectLast, effectMax, effectSum } from '../../../../src/shared/engine/effect-index';
import type { Role } from '../../../../src/shared/engine/effect-index';
import { activeEffects, fullWhen, hasEffect, lastValue, maxOf, sumOf, whenAt, whenBounds, whenWithin } from '../../../../src/shared/engine/effects';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import { EFFECT_KEYS } from '../../../../src/shared/model/types';
import type { When } from '../../../../src/shared/model/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';

type Numeric = Parameters<typeof sumOf>[1];
const NUMERIC: Numeric[] = ['rollModifier', 'damage', 'armor', 'extraActions', 'regenerate', 'progressBonus', 'initiative'];
const FLAGS = ['blast', 'firstStrike', 'reroll'] as const;
const TEXTS = ['dieOverride', 'keepHighest', 'swarm'] as const;

/** Every query of every member in every context gives what activeEffects + sumOf/maxOf/hasEffect/lastValue give. */
const compareAll = (s: BattleState): number => {
  const c = compile(s.setup);
  let checked = 0;
  for (let m = 0; m < c.n; m++) {
    for (const role of [undefined, 'attacker', 'defender'] as Role[]) {
      for (let opp = -1; opp < c.n; opp++) {
        for (const inSwarm of [false, true]) {
          for (const vsSwarm of [false, true]) {
            const effects = activeEffects(s, c, { member: m, role, opponent: opp < 0 ? undefined : opp, inSwarm, vsSwarm });
            for (const k of NUMERIC) {
              expect(effectSum(s, c, EK[k], m, role, opp, inSwarm, vsSwarm)).toBe(sumOf(effects, k));
              expect(effectMax(s, c, EK[k], -99, m, role, opp, inSwarm, vsSwarm)).toBe(maxOf(effects, k) ?? -99);
            }
            for (const k of FLAGS) expect(effectAny(s, c, EK[k], m, role, opp, inSwarm, vsSwarm)).toBe(hasEffect(effects, k));
            for (const k of TEXTS) expect(effectLast(s, c, EK[k], m, role, opp, inSwarm, vsSwarm)).toBe(lastValue(effects, k));
            checked++;
          }
        }
      }
    }
  }
  return checked;
};

describe('effect index (R11 effects and `when`, R8.5 Area effects) for the hot path', () => {
  it('numbers every R11 effect key', () => {
    expect(Object.keys(EK)).toEqual([...EFFECT_KEYS]);
  });

  it('answers exactly as activeEffects with sumOf, maxOf, hasEffect and lastValue, over whole example battles', () => {
    let checked = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      let state = createBattle(exampleSetup(scenario), 5);
      const rng = createBotRng(5);
      for (let step = 0; state.phase !== 'ended'; step++) {
        if (step % 30 === 0) checked += compareAll(state);
        const actions = legalActions(state);
        const next = applyAction(state, actions[rng.int(actions.length)]!);
        if (!next.ok) throw new Error(next.error.message);
        state = next.value.state;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('R11: a `when` the index keeps with every field present (fullWhen), and tested through its bounds (whenWithin), holds exactly when the `when` as written does', () => {
    const setup = exampleSetup('glass-temple');
    const c = compile(setup);
    const s = createBattle(setup, 5);
    const areaNames = setup.areas.flatMap((a) => [a.id, a.name, ...a.tags]);
    const types = c.members.flatMap((m) => [m.type, m.baseType]);
    // Up to three conditions, as effects write them (the picked keys in the order drawn).
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
      .chain((all) => fc.shuffledSubarray(Object.keys(all) as (keyof When)[], { maxLength: 3 }).map((keys) => Object.fromEntries(keys.map((k) => [k, all[k]])) as When));
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
        expect(whenAt(fullWhen(w), s, c, x.m, x.role, x.opp, x.inSwarm, x.vsSwarm)).toBe(want);
        // The query's own test (effect-index.ts holds): through the bounds indexed per effect.
        expect(whenWithin(fullWhen(w), whenBounds(w), s, c, x.m, x.role, x.opp, x.inSwarm, x.vsSwarm)).toBe(want);
        expect(whenWithin(w, whenBounds(w), s, c, x.m, x.role, x.opp, x.inSwarm, x.vsSwarm)).toBe(want);
        if (want) held++;
      }),
      { numRuns: 3000, seed: 1311 },
    );
    expect(held).toBeGreaterThan(500);
  });
});

describe('effect index: keys a member may get (keysOf) and may get where it stands (keysAt)', () => {
  it('sets bit `key` for a member in an Area exactly when its own list or that Area\'s list of that key is not empty', () => {
    let set = 0;
    let clear = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      const c = compile(exampleSetup(scenario));
      const areas = c.effects.area.length / EFFECT_KEYS.length;
      expect(areas).toBe(c.links.length);
      for (let m = 0; m < c.n; m++) {
        for (let k = 0; k < EFFECT_KEYS.length; k++) {
          let anywhere = c.effects.own[m * EFFECT_KEYS.length + k]!.length > 0;
          for (let a = 0; a < areas; a++) anywhere = anywhere || c.effects.area[a * EFFECT_KEYS.length + k]!.length > 0;
          expect((c.effects.keysOf[m]! >> k) & 1, `${scenario} member ${m} key ${EFFECT_KEYS[k]}`).toBe(anywhere ? 1 : 0);
        }
        for (let a = 0; a < areas; a++) {
          for (let k = 0; k < EFFECT_KEYS.length; k++) {
            const any = c.effects.own[m * EFFECT_KEYS.length + k]!.length > 0 || c.effects.area[a * EFFECT_KEYS.length + k]!.length > 0;
            expect((c.effects.keysAt[m * areas + a]! >> k) & 1, `${scenario} member ${m} Area ${a} key ${EFFECT_KEYS[k]}`).toBe(any ? 1 : 0);
            if (any) set++;
            else clear++;
          }
        }
      }
    }
    expect(set).toBeGreaterThan(10);
    expect(clear).toBeGreaterThan(100);
  });
});
