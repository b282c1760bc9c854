/**
 * Effects indexed for the hot path (R11, R8.5): for every member and every Area, the effects of
 * each key in their original order. A query walks the member's own effects of one key, then its
 * Area's (or stops at once when no list of that key can reach the member where it stands), and builds nothing —
 * the same answers, in the same order, as `activeEffects` followed by `sumOf` / `maxOf` /
 * `hasEffect` / `lastValue` (effects.ts).
 *
 * The context of a query is passed as scalars (member, role, opponent, Swarm flags) so that
 * rolls and damage in a Clash never allocate a context object.
 */
import type { Effect, When } from '../model/types';
import { EFFECT_KEYS } from '../model/types';
import type { BattleState } from './types';
import type { Compiled } from './compiled';
import { fullWhen, whenBounds, whenWithin } from './effects';
import type { WhenBounds } from './effects';
import { RULE_SLOTS, markSlot } from './coverage';

/** Effect keys as small integers, in EFFECT_KEYS order. */
export const EK = Object.fromEntries(EFFECT_KEYS.map((k, i) => [k, i])) as { readonly [K in (typeof EFFECT_KEYS)[number]]: number };
/** Number of effect keys (the stride of {@link EffectIndex} `own` / `area`). */
export const EFFECT_KEY_COUNT = EFFECT_KEYS.length;
const KEYS = EFFECT_KEY_COUNT;

/** One indexed effect: its `when`, and its value as the query of its key reads it. */
export interface IndexedEffect extends WhenBounds {
  when: When | undefined;
  /** The numeric value (numeric keys); NaN when the value is not a number (the effect then never counts). */
  num: number;
  /** The string value (`keepHighest`, `dieOverride`, `swarm`); null when not a string. */
  text: string | null;
  /** Its coverage slot (coverage.ts): marked when a rule reads it with its `when` holding. */
  slot: number;
  /**
   * How its `when` is tested (the same answer as `whenAt`, a {@link COND}): `ALWAYS` (no condition),
   * `AS_ATTACKER` / `AS_DEFENDER` (a `role` alone: the query's role decides), else
   * `BY_WHEN`. Most Clash effects (armor, damage, rollModifier) carry a role alone.
   */
  cond: number;
}

/** {@link IndexedEffect.cond} values. A const enum: esbuild writes its members as literals, where a module `const` is a context load per use. */
export const enum COND { ALWAYS, AS_ATTACKER, AS_DEFENDER, BY_WHEN }

/** {@link IndexedEffect.cond} of an effect's `when`. */
export const condOf = (when: When | undefined): number => {
  if (when === undefined) return COND.ALWAYS;
  const set = Object.keys(when).filter((k) => (when as Record<string, unknown>)[k] !== undefined);
  if (set.length === 0) return COND.ALWAYS;
  if (set.length > 1 || set[0] !== 'role') return COND.BY_WHEN;
  return when.role === 'attacker' ? COND.AS_ATTACKER : when.role === 'defender' ? COND.AS_DEFENDER : COND.BY_WHEN;
};

/** Indexed effects of every member and every Area, by `index * KEYS + key`. */
export interface EffectIndex {
  own: IndexedEffect[][];
  area: IndexedEffect[][];
  /** Per member: some effect it may get (its own, or any Area's) reads the round (`roundAtLeast`); only then do its effects change with it. */
  readsRound: boolean[];
  /**
   * Per member and Area (`m * areas + a`): equal numbers for two Areas exactly when every effect
   * the member may get answers alike in both (R8.5 Area effects, R11 `when.area`) — the Area as
   * bots' caches need to compare it. Without Area effects and `when.area`, one number for all.
   */
  areaSig: Int32Array;
  /**
   * Per member: bit `key` set when some effect of that key may reach it (its own, or any Area's).
   * A clear bit answers a query at once — no effect, nothing to mark — so the many queries of a
   * Clash about keys a member never has read one number instead of two lists.
   */
  keysOf: Int32Array;
  /** Per member and Area (`m * areas + a`): {@link keysOf} narrowed to the member standing in that Area (its own keys and that Area's). */
  keysAt: Int32Array;
  /** Answers of the Clash's armor, damage and roll-modifier queries that depend on the role alone (see {@link RoleFixed}). */
  fixed: RoleFixed;
}

/**
 * The answers of `armorAt`, `damageAt` and `rollAt`'s modifier (R5.1, R11) worked out once per
 * setup, by `fixedAt(m, Area, role)`, wherever every effect of the key that may reach the member
 * in that Area has no `when` or a `role` alone (ALWAYS / AS_ATTACKER / AS_DEFENDER): then the
 * answer depends on nothing a battle changes but the member's Area, which the index includes.
 * NaN where some effect has another condition, or where more than one effect counts (its coverage
 * then marks several slots): the query then runs as before. Beside each answer, the coverage slot
 * of the one effect that counted (−1 when none did), marked as the query would mark it.
 */
export interface RoleFixed {
  /** `Math.max(0, effectSum(armor))`. */
  armor: Float64Array;
  armorSlot: Int32Array;
  /** `effectMax(damage, fallback 1)`. */
  damage: Float64Array;
  damageSlot: Int32Array;
  /** `effectSum(rollModifier)` where no `dieOverride` or `keepHighest` can reach the member (its own die is rolled). */
  roll: Float64Array;
  rollSlot: Int32Array;
  /** `effectAny(firstStrike)`: 1 or 0; −1 where some firstStrike effect has another condition (the query then runs). */
  strike: Int8Array;
  strikeSlot: Int32Array;
}

/** Roles by index in {@link RoleFixed}: attacker, defender, none (outside a Clash). */
const ROLES: readonly Role[] = ['attacker', 'defender', undefined];

/** Index into {@link RoleFixed} of member `m` standing in Area `area` of a setup with `areas` Areas, in role `role`. */
export const fixedIndex = (areas: number, m: number, area: number, role: Role): number => (m * areas + area) * 3 + roleIndex(role);

/** A role's index in {@link RoleFixed} (`undefined` tested first: the string comparisons then see strings only, which V8 compares as pointers). */
const roleIndex = (role: Role): number => (role === undefined ? 2 : role === 'attacker' ? 0 : 1);

/** {@link fixedIndex} of member `m` where it stands in `s` (written out: one inlined call less per query). */
export const fixedAt = (s: BattleState, c: Compiled, m: number, role: Role): number => (m * c.links.length + s.area[m]!) * 3 + roleIndex(role);

/**
 * One {@link RoleFixed} answer (`values` with its `slots`: armor, damage or roll) for member `m`
 * where it stands in `s`, in role `role`: the answer, its coverage slot marked as the query would
 * mark it; NaN when there is none (the caller runs the query).
 */
export function fixedAnswer(values: Float64Array, slots: Int32Array, s: BattleState, c: Compiled, m: number, role: Role): number {
  const i = fixedAt(s, c, m, role);
  const v = values[i]!;
  if (v === v && slots[i]! >= 0) markSlot(slots[i]!);
  return v;
}

/** `effectAny(firstStrike)` (R11) for member `m` in role `role`: from {@link RoleFixed} where that answers (its slot marked), else the query. */
export function firstStrikeAt(s: BattleState, c: Compiled, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): boolean {
  const f = c.effects.fixed;
  const i = fixedAt(s, c, m, role);
  const v = f.strike[i]!;
  if (v < 0) return effectAny(s, c, EK.firstStrike, m, role, opp, inSwarm, vsSwarm);
  if (v === 1) markSlot(f.strikeSlot[i]!);
  return v === 1;
}

/** `holds` for an effect whose `when` is not {@link BY_WHEN}. */
const holdsFor = (e: IndexedEffect, role: Role): boolean => e.cond === COND.ALWAYS || (e.cond === COND.AS_ATTACKER ? role === 'attacker' : role === 'defender');

/** Builds {@link RoleFixed} from the indexed lists. */
export function roleFixed(own: readonly IndexedEffect[][], area: readonly IndexedEffect[][], members: number, areas: number): RoleFixed {
  const size = members * areas * 3;
  const f: RoleFixed = {
    armor: new Float64Array(size),
    armorSlot: new Int32Array(size),
    damage: new Float64Array(size),
    damageSlot: new Int32Array(size),
    roll: new Float64Array(size),
    rollSlot: new Int32Array(size),
    strike: new Int8Array(size),
    strikeSlot: new Int32Array(size),
  };
  const listOf = (m: number, a: number, key: number): IndexedEffect[] => [...own[m * KEYS + key]!, ...area[a * KEYS + key]!];
  // A numeric effect that may count and whose condition is more than a role: no fixed answer.
  const open = (list: IndexedEffect[]): boolean => list.some((e) => e.num === e.num && e.cond === COND.BY_WHEN);
  for (let m = 0; m < members; m++) {
    for (let a = 0; a < areas; a++) {
      for (const role of ROLES) {
        const i = fixedIndex(areas, m, a, role);
        // Sums (effectSum's order: own list, then the Area's).
        const sum = (list: IndexedEffect[]): [number, number] => {
          if (open(list)) return [NaN, -1];
          let total = 0;
          let slot = -1;
          let count = 0;
          for (const e of list) {
            if (e.num === e.num && holdsFor(e, role)) {
              total += e.num;
              slot = e.slot;
              count++;
            }
          }
          return count > 1 ? [NaN, -1] : [total, slot];
        };
        const [armor, armorSlot] = sum(listOf(m, a, EK.armor));
        f.armor[i] = Math.max(0, armor);
        f.armorSlot[i] = armorSlot;
        // Highest (effectMax: the first of equal values counts).
        const damage = listOf(m, a, EK.damage);
        let best = NaN;
        let slot = -1;
        for (const e of damage) {
          if (e.num === e.num && (best !== best || e.num > best) && holdsFor(e, role)) {
            best = e.num;
            slot = e.slot;
          }
        }
        f.damage[i] = open(damage) ? NaN : best === best ? best : 1;
        f.damageSlot[i] = slot;
        const ownDie = listOf(m, a, EK.dieOverride).length === 0 && listOf(m, a, EK.keepHighest).length === 0;
        const [roll, rollSlot] = ownDie ? sum(listOf(m, a, EK.rollModifier)) : [NaN, -1];
        f.roll[i] = roll;
        f.rollSlot[i] = rollSlot;
        // The first that holds (anyOf's order: own list, then the Area's).
        const strikes = listOf(m, a, EK.firstStrike);
        const first = strikes.find((e) => holdsFor(e, role));
        [f.strike[i], f.strikeSlot[i]] = [strikes.some((e) => e.cond === COND.BY_WHEN) ? -1 : first !== undefined ? 1 : 0, first?.slot ?? -1];
      }
    }
  }
  return f;
}

const NONE: IndexedEffect[] = [];

const byKey = (effects: Effect[], first: number): IndexedEffect[][] => {
  const out: IndexedEffect[][] = Array.from({ length: KEYS }, () => NONE);
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i]!;
    const rec = e as Record<string, unknown>;
    for (let k = 0; k < KEYS; k++) {
      const v = rec[EFFECT_KEYS[k]!];
      if (v === undefined) continue;
      if (out[k] === NONE) out[k] = [];
      const w = e.when;
      const b = whenBounds(w);
      const num = typeof v === 'number' ? v : NaN;
      out[k]!.push({ when: w === undefined ? undefined : fullWhen(w), num, text: typeof v === 'string' ? v : null, slot: first + i, cond: condOf(w), minRound: b.minRound, maxHealth: b.maxHealth, minOppSides: b.minOppSides, others: b.others });
    }
  }
  return out;
};

/** Indexes the effects of a compiled setup (called once by `compile`). */
export function indexEffects(memberEffects: Effect[][], areaEffects: Effect[][]): EffectIndex {
  const reads = (list: Effect[]): boolean => list.some((e) => e.when?.roundAtLeast !== undefined);
  const anyArea = areaEffects.some(reads);
  const readsRound = memberEffects.map((list) => anyArea || reads(list));
  const readsArea = (list: Effect[]): boolean => list.some((e) => e.when?.area !== undefined);
  // Areas with the same effects share a class, unless an Area effect reads the Area's labels.
  const labelled = areaEffects.some(readsArea);
  const texts = areaEffects.map((list) => JSON.stringify(list));
  const areaClass = texts.map((t, a) => (labelled ? a : texts.indexOf(t)));
  const areas = areaEffects.length;
  const areaSig = new Int32Array(memberEffects.length * areas);
  memberEffects.forEach((list, m) => {
    const own = readsArea(list);
    for (let a = 0; a < areas; a++) areaSig[m * areas + a] = own ? a : areaClass[a]!;
  });
  // Coverage slots in coverageSlots order: member effects, then Area effects, after the rule slots.
  let next = RULE_SLOTS;
  const slotted = (list: Effect[]): IndexedEffect[][] => {
    const out = byKey(list, next);
    next += list.length;
    return out;
  };
  const own = memberEffects.flatMap(slotted);
  const area = areaEffects.flatMap(slotted);
  const keysAt = keysByArea(own, area, memberEffects.length, areas);
  return { own, area, readsRound, areaSig, keysAt, keysOf: keysAnywhere(keysAt, memberEffects.length, areas), fixed: roleFixed(own, area, memberEffects.length, areas) };
}

/** {@link EffectIndex.keysAt}: per member and Area, the keys of the member's own lists and of that Area's that are not empty. */
export function keysByArea(own: readonly IndexedEffect[][], area: readonly IndexedEffect[][], members: number, areas: number): Int32Array {
  const out = new Int32Array(members * areas);
  for (let m = 0; m < members; m++) {
    let mine = 0;
    for (let k = 0; k < KEYS; k++) if (own[m * KEYS + k]!.length > 0) mine |= 1 << k;
    for (let a = 0; a < areas; a++) {
      let bits = mine;
      for (let k = 0; k < KEYS; k++) if (area[a * KEYS + k]!.length > 0) bits |= 1 << k;
      out[m * areas + a] = bits;
    }
  }
  return out;
}

/** {@link EffectIndex.keysOf}: per member, the union of its keys over every Area. */
const keysAnywhere = (keysAt: Int32Array, members: number, areas: number): Int32Array => {
  const out = new Int32Array(members);
  for (let m = 0; m < members; m++) for (let a = 0; a < areas; a++) out[m] |= keysAt[m * areas + a]!;
  return out;
};

/**
 * True when no effect of any key in `keys` (a mask of {@link EK} bits) can reach member `m` where it
 * stands (see {@link EffectIndex.keysOf}, {@link EffectIndex.keysAt}): the cheap per-member mask first.
 */
export const noEffectOf = (s: BattleState, c: Compiled, keys: number, m: number): boolean =>
  (c.effects.keysOf[m]! & keys) === 0 || (c.effects.keysAt[m * c.links.length + s.area[m]!]! & keys) === 0;

/** {@link noEffectOf} for one key. */
const none = (s: BattleState, c: Compiled, key: number, m: number): boolean => noEffectOf(s, c, 1 << key, m);

/** Role of a query: `undefined` outside a Clash. */
export type Role = 'attacker' | 'defender' | undefined;

const holds = (e: IndexedEffect, s: BattleState, c: Compiled, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): boolean =>
  e.cond === COND.ALWAYS || (e.cond === COND.AS_ATTACKER ? role === 'attacker' : e.cond === COND.AS_DEFENDER ? role === 'defender' : whenWithin(e.when!, e, s, c, m, role, opp, inSwarm, vsSwarm));

/**
 * What the last {@link effectSum} counted: the coverage slot of its one effect (−1 when none
 * applied, −2 when several did). Read right after the call (a returned pair would allocate).
 */
export const summed = { slot: -1 };

/** Adds the applicable numeric effects of `list` to `total`, marking each and noting it in {@link summed}. */
const addHolding = (list: readonly IndexedEffect[], total: number, s: BattleState, c: Compiled, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): number => {
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    if (e.num === e.num && holds(e, s, c, m, role, opp, inSwarm, vsSwarm)) {
      total += e.num;
      markSlot(e.slot);
      summed.slot = summed.slot === -1 ? e.slot : -2;
    }
  }
  return total;
};

// Each query below is its key-mask test (small enough for V8 to inline where it is asked: most
// members have no effect of most keys) in front of the walk of the lists, a function of its own.

/** Sum of the applicable numeric effects of `key` for member `m` (0 when none): `sumOf(activeEffects(…), key)`; {@link summed} says which counted. */
export function effectSum(s: BattleState, c: Compiled, key: number, m: number, role: Role = undefined, opp = -1, inSwarm = false, vsSwarm = false): number {
  summed.slot = -1;
  return none(s, c, key, m) ? 0 : sumOf(s, c, key, m, role, opp, inSwarm, vsSwarm);
}

/** {@link effectSum} past the mask. */
function sumOf(s: BattleState, c: Compiled, key: number, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): number {
  // An empty list (most Areas', or a member's when only its Area has the key) adds nothing: no call.
  const own = c.effects.own[m * KEYS + key]!;
  const area = c.effects.area[s.area[m]! * KEYS + key]!;
  const total = own.length === 0 ? 0 : addHolding(own, 0, s, c, m, role, opp, inSwarm, vsSwarm);
  return area.length === 0 ? total : addHolding(area, total, s, c, m, role, opp, inSwarm, vsSwarm);
}

/** Highest applicable numeric effect of `key`, or `fallback` when none: `maxOf(activeEffects(…), key) ?? fallback`. */
export function effectMax(s: BattleState, c: Compiled, key: number, fallback: number, m: number, role: Role = undefined, opp = -1, inSwarm = false, vsSwarm = false): number {
  return none(s, c, key, m) ? fallback : maxOf(s, c, key, fallback, m, role, opp, inSwarm, vsSwarm);
}

/** {@link effectMax} past the mask. */
function maxOf(s: BattleState, c: Compiled, key: number, fallback: number, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): number {
  let best = NaN;
  let slot = -1;
  const own = c.effects.own[m * KEYS + key]!;
  for (let i = 0; i < own.length; i++) {
    const e = own[i]!;
    if (e.num === e.num && (best !== best || e.num > best) && holds(e, s, c, m, role, opp, inSwarm, vsSwarm)) {
      best = e.num;
      slot = e.slot;
    }
  }
  const area = c.effects.area[s.area[m]! * KEYS + key]!;
  for (let i = 0; i < area.length; i++) {
    const e = area[i]!;
    if (e.num === e.num && (best !== best || e.num > best) && holds(e, s, c, m, role, opp, inSwarm, vsSwarm)) {
      best = e.num;
      slot = e.slot;
    }
  }
  if (slot >= 0) markSlot(slot);
  return best === best ? best : fallback;
}

/** True when any effect of `key` (a flag: `blast`, `firstStrike`, `reroll`) applies: `hasEffect(activeEffects(…), key)`. */
export function effectAny(s: BattleState, c: Compiled, key: number, m: number, role: Role = undefined, opp = -1, inSwarm = false, vsSwarm = false): boolean {
  return !none(s, c, key, m) && anyOf(s, c, key, m, role, opp, inSwarm, vsSwarm);
}

/** {@link effectAny} past the mask. */
function anyOf(s: BattleState, c: Compiled, key: number, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): boolean {
  const own = c.effects.own[m * KEYS + key]!;
  for (let i = 0; i < own.length; i++) if (holds(own[i]!, s, c, m, role, opp, inSwarm, vsSwarm)) return found(own[i]!);
  const area = c.effects.area[s.area[m]! * KEYS + key]!;
  for (let i = 0; i < area.length; i++) if (holds(area[i]!, s, c, m, role, opp, inSwarm, vsSwarm)) return found(area[i]!);
  return false;
}

/** Marks the effect that answered a query; true. */
const found = (e: IndexedEffect): true => {
  markSlot(e.slot);
  return true;
};

/** The last applicable string value of `key` (`dieOverride`, `keepHighest`, `swarm`), or null: `lastValue(activeEffects(…), key)`. */
export function effectLast(s: BattleState, c: Compiled, key: number, m: number, role: Role = undefined, opp = -1, inSwarm = false, vsSwarm = false): string | null {
  return none(s, c, key, m) ? null : lastOf(s, c, key, m, role, opp, inSwarm, vsSwarm);
}

/** {@link effectLast} past the mask. */
function lastOf(s: BattleState, c: Compiled, key: number, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): string | null {
  let v: IndexedEffect | null = null;
  const own = c.effects.own[m * KEYS + key]!;
  for (let i = 0; i < own.length; i++) {
    const e = own[i]!;
    if (e.text !== null && holds(e, s, c, m, role, opp, inSwarm, vsSwarm)) v = e;
  }
  const area = c.effects.area[s.area[m]! * KEYS + key]!;
  for (let i = 0; i < area.length; i++) {
    const e = area[i]!;
    if (e.text !== null && holds(e, s, c, m, role, opp, inSwarm, vsSwarm)) v = e;
  }
  if (v === null) return null;
  markSlot(v.slot);
  return v.text;
}
