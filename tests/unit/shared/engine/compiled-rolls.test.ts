/**
 * The compiled tables rolls and Clash order read (compiled.ts): the per-member cap by Health
 * (`capAt`), the "plain roll" flag (`plainRoll`), `noFirstStrike` and the end-of-round objective
 * list — each against the rules worked out the long way.
 */
import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import type { BattleEvent, BattleSetup, BattleState } from '../../../../src/shared/engine';
import { compile } from '../../../../src/shared/engine/compiled';
import { EK, effectLast, effectSum } from '../../../../src/shared/engine/effect-index';
import type { Role } from '../../../../src/shared/engine/effect-index';
import { ROLL_KEYS, draw, maxRoll, rollAt } from '../../../../src/shared/engine/rolls';
import { dieSides } from '../../../../src/shared/engine/setup';
import { cloneState } from '../../../../src/shared/engine/state';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { playBattle } from '../../../../src/shared/engine/sim/runner';
import { FLAG } from '../../../../src/shared/engine/types';
import { EFFECT_KEYS } from '../../../../src/shared/model/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';

/** A roll worked out as R1.4, R1.5 and R11 say, with no compiled table: every effect query, `maxRoll` from the knobs. */
const slowRoll = (s: BattleState, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean, events: BattleEvent[]): number => {
  const c = compile(s.setup);
  const knobs = s.setup.ruleset;
  const die = effectLast(s, c, EK.dieOverride, m, role, opp, inSwarm, vsSwarm) ?? c.members[m]!.die;
  const mod = effectSum(s, c, EK.rollModifier, m, role, opp, inSwarm, vsSwarm);
  const one = (d: string): number => {
    const sides = dieSides(d);
    const cap = maxRoll(knobs, sides, c.members[m]!.maxHealth - s.health[m]!, (s.flags[m]! & FLAG.lastStand) !== 0);
    const raw = knobs.damage.cappedRoll === 'reroll' ? draw(s, cap) : draw(s, sides);
    const final = Math.max(1, Math.min(raw, cap) + mod);
    events.push({ type: 'dieRolled', member: c.members[m]!.key, die: d, raw, cap, modifiers: mod, final, purpose: 'clash', kept: true });
    return final;
  };
  const first = one(die);
  const extra = effectLast(s, c, EK.keepHighest, m, role, opp, inSwarm, vsSwarm);
  if (extra === null) return first;
  const second = one(extra);
  const dropped = events[events.length - (second > first ? 2 : 1)]!;
  if (dropped.type === 'dieRolled') dropped.kept = false;
  return Math.max(first, second);
};

/** Every member at every Health (and in Last Stand), in every role against a few opponents: rollAt rolls and logs as {@link slowRoll}. */
const compareRolls = (setup: BattleSetup): number => {
  const c = compile(setup);
  const base = createBattle(setup, 7);
  let checked = 0;
  for (let m = 0; m < c.n; m++) {
    for (let health = 0; health <= c.members[m]!.maxHealth; health++) {
      for (const lastStand of [false, true]) {
        for (const role of [undefined, 'attacker', 'defender'] as Role[]) {
          for (const opp of [-1, 0, c.n - 1]) {
            for (const inSwarm of [false, true]) {
              const a = cloneState(base);
              a.health[m] = health;
              a.flags[m] = lastStand ? FLAG.lastStand : 0;
              a.rng = base.rng.slice();
              for (let k = 0; k < checked % 5; k++) draw(a, 6);
              const b = cloneState(a);
              b.rng = a.rng.slice();
              const fast: BattleEvent[] = [];
              const slow: BattleEvent[] = [];
              expect(rollAt(a, c, m, role, opp, inSwarm, !inSwarm, 'clash', fast)).toBe(slowRoll(b, m, role, opp, inSwarm, !inSwarm, slow));
              expect(fast).toEqual(slow);
              expect(a.rng).toEqual(b.rng);
              checked++;
            }
          }
        }
      }
    }
  }
  return checked;
};

describe('compiled roll tables (R1.4, R1.5, R7.2, R11)', () => {
  it.each(EXAMPLE_SCENARIOS)('%s: every roll reads the cap and effects the long way would', (scenario) => {
    const setup = exampleSetup(scenario);
    expect(compareRolls(setup)).toBeGreaterThan(100);
  });

  it('caps follow the knobs: step, floor, Last Stand cap and rerolled capped dice', () => {
    const setup = mkSetup({
      a: [{ id: 'cap', die: 'd12', health: 4, captain: true }, { id: 'mod', die: 'd8', health: 3, effects: [{ rollModifier: -1, when: { role: 'defender' } }] }],
      b: [{ id: 'over', die: 'd6', health: 2, effects: [{ dieOverride: 'd10', when: { healthAtMost: 1 } }, { keepHighest: 'd4', when: { role: 'attacker' } }] }, { id: 'x', die: 'd4', health: 5 }],
      areas: [{ id: 'field', effects: [{ effect: { rollModifier: 1, when: { role: 'attacker' } }, source: 'test' }] }, { id: 'yard' }],
      ruleset: { damage: { maxRollStep: 3, maxRollFloor: 2, cappedRoll: 'reroll' }, captain: { lastStandMaxRoll: 3 } },
    });
    expect(compareRolls(setup)).toBeGreaterThan(100);
    const c = compile(setup);
    expect(c.capAt[0 * c.capStride + 4]).toBe(12);
    expect(c.capAt[0 * c.capStride + 1]).toBe(3);
    expect(c.capAt[0 * c.capStride + c.capStride - 1]).toBe(3);
    // The Area's rollModifier reaches every member standing in it; in the other Area, only `x` rolls plain.
    const plainIn = (a: number): boolean[] => [0, 1, 2, 3].map((m) => (c.effects.keysAt[m * 2 + a]! & ROLL_KEYS) === 0);
    expect(plainIn(0)).toEqual([false, false, false, false]);
    expect(plainIn(1)).toEqual([true, false, false, true]);
  });

  it('a roll skips the effect queries exactly where no dieOverride, rollModifier or keepHighest can reach the member', () => {
    const keys = ['dieOverride', 'rollModifier', 'keepHighest'];
    let plain = 0;
    let modified = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      const setup = exampleSetup(scenario);
      const c = compile(setup);
      for (let m = 0; m < c.n; m++) {
        for (let a = 0; a < setup.areas.length; a++) {
          const reached = [...c.memberEffects[m]!, ...c.areaEffects[a]!].some((e) => keys.some((k) => k in e));
          expect((c.effects.keysAt[m * setup.areas.length + a]! & ROLL_KEYS) !== 0, `${scenario} ${c.members[m]!.key} in ${a}`).toBe(reached);
          if (reached) modified++;
          else plain++;
        }
      }
    }
    // The examples have both kinds.
    expect(plain).toBeGreaterThan(0);
    expect(modified).toBeGreaterThan(0);
    expect(EFFECT_KEYS).toContain('keepHighest');
  });
});

describe('Clash order without firstStrike (R11)', () => {
  /** `setup` with one more effect on the first member of side a: a firstStrike that never holds (round 99). */
  const withIdleFirstStrike = (setup: BattleSetup): BattleSetup => {
    const [a, b] = setup.sides;
    const first = { ...a.members[0]!, effects: [...a.members[0]!.effects, { effect: { firstStrike: true as const, when: { roundAtLeast: 99 } }, source: 'test' }] };
    return { ...setup, sides: [{ ...a, members: [first, ...a.members.slice(1)] }, b] };
  };

  it.each(EXAMPLE_SCENARIOS)('%s: the kept declared order plays the battles the full ordering plays', (scenario) => {
    const setup = exampleSetup(scenario);
    const slow = withIdleFirstStrike(setup);
    expect(compile(slow).noFirstStrike).toBe(false);
    const policies = getPolicies(['random', 'random']);
    if (!policies.ok) throw new Error(policies.error.message);
    let clashes = 0;
    for (let i = 0; i < 30; i++) {
      const fast = playBattle(setup, policies.value, 100 + i, 200 + i, true);
      const full = playBattle(slow, policies.value, 100 + i, 200 + i, true);
      if (!fast.ok || !full.ok) throw new Error('battle failed');
      expect(fast.value.events).toEqual(full.value.events);
      clashes += fast.value.events.filter((e) => e.type === 'pairResolved').length;
    }
    expect(clashes).toBeGreaterThan(0);
  });

  it('the examples that have no firstStrike effect are compiled so; end-of-round objectives are the reach and control ones', () => {
    for (const scenario of EXAMPLE_SCENARIOS) {
      const setup = exampleSetup(scenario);
      const c = compile(setup);
      const any = [...c.memberEffects, ...c.areaEffects].some((list) => list.some((e) => 'firstStrike' in e));
      expect(c.noFirstStrike).toBe(!any);
      expect(Array.from(c.endOfRound)).toEqual(setup.objectives.flatMap((o, i) => (o.kind === 'reach' || o.kind === 'control' ? [i] : [])));
    }
  });

  it('compiles `clash.multipleAttackers: keepHighest` (R12) to a flag, as expandClash reads it', () => {
    for (const multipleAttackers of ['keepHighest', 'separate'] as const) {
      const c = compile(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd6' }], ruleset: { clash: { multipleAttackers } } }));
      expect(c.keepHighest).toBe(multipleAttackers === 'keepHighest');
    }
  });
});
