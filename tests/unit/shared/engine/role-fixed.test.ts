import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import type { BattleSetup, BattleState } from '../../../../src/shared/engine';
import { compile } from '../../../../src/shared/engine/compiled';
import type { Compiled } from '../../../../src/shared/engine/compiled';
import { recordCoverage } from '../../../../src/shared/engine/coverage';
import { armorAt, damageAt } from '../../../../src/shared/engine/damage';
import { EK, effectMax, effectSum, firstStrikeAt, fixedIndex } from '../../../../src/shared/engine/effect-index';
import type { Role, RoleFixed } from '../../../../src/shared/engine/effect-index';
import { rollAt } from '../../../../src/shared/engine/rolls';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';

/** `c` with no fixed answer anywhere: every query takes the general path (effectSum / effectMax / effectLast). */
const withoutFixed = (c: Compiled): Compiled => {
  const f = c.effects.fixed;
  const nan = (a: Float64Array): Float64Array => new Float64Array(a.length).fill(NaN);
  const none: RoleFixed = { armor: nan(f.armor), armorSlot: f.armorSlot, damage: nan(f.damage), damageSlot: f.damageSlot, roll: nan(f.roll), rollSlot: f.rollSlot, strike: new Int8Array(f.strike.length).fill(-1), strikeSlot: f.strikeSlot };
  return { ...c, effects: { ...c.effects, fixed: none } };
};

/** Coverage flags the queries below mark (more than any test setup has slots). */
const flags = new Uint8Array(512);

/** Runs `q` with coverage recorded; its answer and the slots it marked. */
const marked = (q: () => number): [number, number[]] => {
  flags.fill(0);
  recordCoverage(flags);
  try {
    const answer = q();
    const slots: number[] = [];
    for (let i = 0; i < flags.length; i++) if (flags[i] === 1) slots.push(i);
    return [answer, slots];
  } finally {
    recordCoverage(null);
  }
};

/**
 * armorAt, damageAt, rollAt and firstStrikeAt give the same answers and mark the same coverage slots with the
 * per-setup table as without it, for every member in every Area, role, opponent and Swarm flag.
 * Returns how many queries the table answered.
 */
const compareAll = (setup: BattleSetup): number => {
  const s: BattleState = createBattle(setup, 3);
  const c = compile(setup);
  const general = withoutFixed(c);
  // A die that always shows 3 (or its top face): rolls differ only by cap and modifier.
  s.dice = { roll: (sides: number) => Math.min(sides, 3) };
  let answered = 0;
  for (let m = 0; m < c.n; m++) {
    for (let a = 0; a < c.links.length; a++) {
      s.area[m] = a;
      for (const role of ['attacker', 'defender', undefined] as Role[]) {
        const i = fixedIndex(c.links.length, m, a, role);
        const f = c.effects.fixed;
        answered += (f.armor[i] === f.armor[i] ? 1 : 0) + (f.damage[i] === f.damage[i] ? 1 : 0) + (f.roll[i] === f.roll[i] ? 1 : 0);
        for (let opp = -1; opp < c.n; opp++) {
          for (const inSwarm of [false, true]) {
            for (const vsSwarm of [false, true]) {
              const ctx = `member ${m} Area ${a} ${String(role)} vs ${opp} ${inSwarm} ${vsSwarm}`;
              expect(marked(() => armorAt(s, c, m, role, opp, inSwarm, vsSwarm)), `armor ${ctx}`).toEqual(marked(() => armorAt(s, general, m, role, opp, inSwarm, vsSwarm)));
              expect(marked(() => damageAt(s, c, m, role, opp, inSwarm, vsSwarm)), `damage ${ctx}`).toEqual(marked(() => damageAt(s, general, m, role, opp, inSwarm, vsSwarm)));
              expect(marked(() => rollAt(s, c, m, role, opp, inSwarm, vsSwarm, 'clash', null)), `roll ${ctx}`).toEqual(marked(() => rollAt(s, general, m, role, opp, inSwarm, vsSwarm, 'clash', null)));
              const strikes = (k: Compiled) => (): number => (firstStrikeAt(s, k, m, role, opp, inSwarm, vsSwarm) ? 1 : 0);
              expect(marked(strikes(c)), `firstStrike ${ctx}`).toEqual(marked(strikes(general)));
            }
          }
        }
      }
    }
  }
  return answered;
};

/**
 * armorAt and damageAt (their key-mask test, then the table) answer and mark as the effect queries
 * themselves (`max(0, effectSum(armor))`, `effectMax(damage, 1)`), for every member in every Area,
 * role and opponent. Returns how many queries met a member no effect of the key can reach.
 */
const compareMasked = (setup: BattleSetup): number => {
  const s: BattleState = createBattle(setup, 3);
  const c = compile(setup);
  let masked = 0;
  for (let m = 0; m < c.n; m++) {
    for (let a = 0; a < c.links.length; a++) {
      s.area[m] = a;
      const keys = c.effects.keysAt[m * c.links.length + a]!;
      masked += ((keys >> EK.armor) & 1) === 0 ? 1 : 0;
      masked += ((keys >> EK.damage) & 1) === 0 ? 1 : 0;
      for (const role of ['attacker', 'defender', undefined] as Role[]) {
        for (let opp = -1; opp < c.n; opp++) {
          const ctx = `member ${m} Area ${a} ${String(role)} vs ${opp}`;
          expect(marked(() => armorAt(s, c, m, role, opp, false, false)), `armor ${ctx}`).toEqual(marked(() => Math.max(0, effectSum(s, c, EK.armor, m, role, opp, false, false))));
          expect(marked(() => damageAt(s, c, m, role, opp, false, false)), `damage ${ctx}`).toEqual(marked(() => effectMax(s, c, EK.damage, 1, m, role, opp, false, false)));
        }
      }
    }
  }
  return masked;
};

describe('role-only effect answers worked out per setup (effect-index.ts RoleFixed, issue 13)', () => {
  // Role-only, unconditional and conditional effects, own and Area, one or two counting at once.
  const setup = mkSetup({
    a: [
      { id: 'x', die: 'd8', health: 3, effects: [{ armor: 1, when: { role: 'defender' } }, { damage: 2, when: { role: 'attacker' } }, { rollModifier: 1, when: { role: 'attacker' } }] },
      { id: 'twice', die: 'd6', effects: [{ armor: 1 }, { armor: 1, when: { role: 'defender' } }, { damage: 3 }, { damage: 2, when: { role: 'attacker' } }] },
      { id: 'hurt', die: 'd6', health: 2, effects: [{ armor: 2, when: { healthAtMost: 1 } }, { rollModifier: -1, when: { inSwarm: true } }] },
      { id: 'big', die: 'd6', effects: [{ dieOverride: 'd10', when: { role: 'attacker' } }, { rollModifier: 1 }] },
    ],
    b: [
      { id: 'y', die: 'd10', effects: [{ keepHighest: 'd6', when: { role: 'defender' } }, { armor: 1, when: { role: 'attacker' } }] },
      { id: 'plain', die: 'd6', health: 2 },
    ],
    areas: [
      { id: 'field', links: ['wall'] },
      { id: 'wall', links: ['field', 'pit'], effects: [{ effect: { armor: 1, when: { role: 'defender' } }, source: 'test' }] },
      { id: 'pit', links: ['wall'], effects: [{ effect: { rollModifier: -1, when: { opponentDieAtLeast: 'd8' } }, source: 'test' }, { effect: { damage: 2 }, source: 'test' }] },
    ],
  });

  it('R5.1, R11: armor, damage and rolls answer and mark as the effect queries do, in every Area, role and context', () => {
    expect(compareAll(setup)).toBeGreaterThan(50);
    for (const scenario of EXAMPLE_SCENARIOS) expect(compareAll(exampleSetup(scenario))).toBeGreaterThan(0);
  });

  it('R5.1: armor and damage of a member no such effect can reach (the key mask) answer as the effect queries do', () => {
    expect(compareMasked(setup)).toBeGreaterThan(0);
    // An Area's armor or damage effect reaches every member (glass-temple): the mask then answers none there.
    let examples = 0;
    for (const scenario of EXAMPLE_SCENARIOS) examples += compareMasked(exampleSetup(scenario));
    expect(examples).toBeGreaterThan(0);
  });

  it('R5.1, R11: the table holds role-only answers and leaves conditional ones to the queries', () => {
    const c = compile(setup);
    const f = c.effects.fixed;
    const at = (m: number, area: number, role: Role): number => fixedIndex(c.links.length, m, area, role);
    // x: armor as a defender only, +1 in the wall (an Area effect): two count there, so no answer.
    expect([f.armor[at(0, 0, 'defender')], f.armor[at(0, 0, 'attacker')], f.armor[at(0, 0, undefined)]]).toEqual([1, 0, 0]);
    expect(f.armor[at(0, 1, 'defender')]).toBeNaN();
    expect([f.damage[at(0, 0, 'attacker')], f.damage[at(0, 0, 'defender')], f.roll[at(0, 0, 'attacker')], f.roll[at(0, 0, 'defender')]]).toEqual([2, 1, 1, 0]);
    // twice: damage 3 always beats the attacker's 2 (the first highest counts).
    expect(f.damage[at(1, 0, 'attacker')]).toBe(3);
    // hurt: its armor and roll depend on Health and the Swarm; big and y roll another die.
    expect([f.armor[at(2, 0, 'defender')], f.roll[at(2, 0, 'attacker')], f.roll[at(3, 0, 'defender')], f.roll[at(4, 0, 'attacker')]]).toEqual([NaN, NaN, NaN, NaN]);
    // pit: its roll modifier reads the opponent's die.
    expect(f.roll[at(5, 2, 'attacker')]).toBeNaN();
    expect(f.damage[at(5, 2, 'attacker')]).toBe(2);
  });
});
