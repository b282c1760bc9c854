/**
 * Damage, incapacitation, the Captain's Last Stand (R5, R7) and morale (R12).
 */
import type { Compiled } from './compiled';
import { EK, effectMax, effectSum, fixedAnswer } from './effect-index';
import type { Role } from './effect-index';
import type { EffectContext } from './effects';
import type { EventLog } from './events';
import { onDamaged, onIncapacitated } from './objectives';
import { rollAt } from './rolls';
import { isActive } from './state';
import { touchMember } from './turn-index';
import { FLAG } from './types';
import type { BattleState } from './types';
import { CR, markSlot } from './coverage';

/** Masks of the `damage` and `armor` keys in `c.effects.keysAt`. */
const DAMAGE_KEY = 1 << EK.damage;
const ARMOR_KEY = 1 << EK.armor;

/** Damage a winner deals (R5.1): the highest applicable `damage` effect, else 1. */
export function damageDealt(s: BattleState, c: Compiled, ctx: EffectContext): number {
  return damageAt(s, c, ctx.member, ctx.role, ctx.opponent ?? -1, ctx.inSwarm === true, ctx.vsSwarm === true);
}

/** {@link damageDealt} with the context as scalars (member `m`, its role, opponent or −1, Swarm flags). */
export function damageAt(s: BattleState, c: Compiled, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): number {
  // No damage effect can reach `m` where it stands (most members): 1, nothing to mark (effectMax's own mask test, before the table's call).
  if ((c.effects.keysAt[m * c.links.length + s.area[m]!]! & DAMAGE_KEY) === 0) return 1;
  return damageBy(s, c, m, role, opp, inSwarm, vsSwarm);
}

/**
 * {@link damageAt} past its mask test: where the damage effects that may reach `m` have a role alone,
 * the answer worked out per setup (effect-index.ts RoleFixed), else the query. A function of its
 * own, so that damageAt stays small where a pair strikes (resolve.ts) and leaves V8 room to inline more.
 */
function damageBy(s: BattleState, c: Compiled, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): number {
  const f = c.effects.fixed;
  const v = fixedAnswer(f.damage, f.damageSlot, s, c, m, role);
  return v === v ? v : effectMax(s, c, EK.damage, 1, m, role, opp, inSwarm, vsSwarm);
}

/** Armor of a loser (R5.1): the sum of applicable `armor` effects, ≥ 0. */
export function armorOf(s: BattleState, c: Compiled, ctx: EffectContext): number {
  return armorAt(s, c, ctx.member, ctx.role, ctx.opponent ?? -1, ctx.inSwarm === true, ctx.vsSwarm === true);
}

/** {@link armorOf} with the context as scalars. */
export function armorAt(s: BattleState, c: Compiled, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): number {
  // No armor effect can reach `m` where it stands (most members): 0, nothing to mark (effectSum's own mask test, before the table's call).
  if ((c.effects.keysAt[m * c.links.length + s.area[m]!]! & ARMOR_KEY) === 0) return 0;
  return armorBy(s, c, m, role, opp, inSwarm, vsSwarm);
}

/** {@link armorAt} past its mask test: the per-setup answer where the armor effects have a role alone, else the query (as {@link damageBy}). */
function armorBy(s: BattleState, c: Compiled, m: number, role: Role, opp: number, inSwarm: boolean, vsSwarm: boolean): number {
  const f = c.effects.fixed;
  const v = fixedAnswer(f.armor, f.armorSlot, s, c, m, role);
  return v === v ? v : Math.max(0, effectSum(s, c, EK.armor, m, role, opp, inSwarm, vsSwarm));
}

/** Marks a member incapacitated (R5.3), logs it and scores what it triggers. */
export function incapacitate(s: BattleState, c: Compiled, m: number, events: EventLog): void {
  if ((s.flags[m]! & FLAG.incapacitated) !== 0) return;
  s.flags[m] = (s.flags[m]! | FLAG.incapacitated) & ~FLAG.lastStand;
  touchMember(s, m);
  markSlot(CR.incapacitated);
  events?.push({ type: 'incapacitated', member: c.members[m]!.key });
  onIncapacitated(s, c, m, events);
}

/**
 * Applies a lost pair to member `m`: `amount` damage reduced by `armor` (R5.1, R5.2). A Captain
 * at 0 enters Last Stand (R7.2); one already in Last Stand counts a lost pair (R7.3) unless
 * `countLoss` is false (a pair lost in the same simultaneous damage step that brought it to 0).
 * Damage dealt (> 0 after armor) triggers `resetOnDamage` (R9.3), also in Last Stand (objectives are
 * looked at only when some objective has it: `c.damageResets`). Compiled booleans are tested `=== true`:
 * a field's boolean is otherwise tested as any value would be.
 */
export function takeHit(s: BattleState, c: Compiled, m: number, amount: number, armor: number, from: number | null, events: EventLog, countLoss = true): void {
  if (!isActive(s, m)) return;
  if ((s.flags[m]! & FLAG.lastStand) !== 0) {
    const knobs = s.setup.ruleset.captain;
    const dealt = Math.max(0, amount - armor);
    events?.push({ type: 'damage', member: c.members[m]!.key, amount: dealt, armor, health: 0, from: keyOf(c, from) });
    if (dealt > 0 && c.damageResets === true) onDamaged(s, c, m, events);
    if (!countLoss) return;
    s.lastStandLosses[m]! += 1;
    markSlot(CR.lastStandLoss);
    events?.push({ type: 'lastStandLoss', member: c.members[m]!.key, losses: s.lastStandLosses[m]!, limit: knobs.lastStandLosses });
    if (s.lastStandLosses[m]! >= knobs.lastStandLosses) incapacitate(s, c, m, events);
    return;
  }
  const dealt = Math.max(0, amount - armor);
  s.health[m] = Math.max(0, s.health[m]! - dealt);
  events?.push({ type: 'damage', member: c.members[m]!.key, amount: dealt, armor, health: s.health[m]!, from: keyOf(c, from) });
  if (dealt === 0) return;
  if (c.damageResets === true) onDamaged(s, c, m, events);
  if (s.health[m] !== 0) return;
  const knobs = s.setup.ruleset.captain;
  if (c.members[m]!.captain && knobs.lastStand) {
    s.flags[m] = s.flags[m]! | FLAG.lastStand;
    markSlot(CR.lastStand);
    events?.push({ type: 'lastStand', member: c.members[m]!.key });
    if (knobs.lastStandLosses <= 0) incapacitate(s, c, m, events);
  } else {
    incapacitate(s, c, m, events);
  }
}

/** The key of member `m`, or null (events only). */
const keyOf = (c: Compiled, m: number | null): string | null => (m === null ? null : c.members[m]!.key);

/**
 * Morale (R12): an `npc` crew checks on its first casualty and when half its members are
 * incapacitated. The Captain rolls (or, if it is out, the active member with the largest die);
 * below `morale.target` every active member flees.
 */
export function checkMorale(s: BattleState, c: Compiled, events: EventLog): void {
  // Small enough for V8 to inline into its callers (after every turn): without morale, no call at all.
  if (c.morale) moraleChecks(s, c, events);
}

/** {@link checkMorale} with morale on. */
function moraleChecks(s: BattleState, c: Compiled, events: EventLog): void {
  const knobs = s.setup.ruleset.morale;
  for (let side = 0; side < 2; side++) {
    if (!s.setup.sides[side]!.npc) continue;
    const from = c.first[side]!;
    const to = c.end[side]!;
    let down = 0;
    for (let m = from; m < to; m++) if ((s.flags[m]! & FLAG.incapacitated) !== 0) down++;
    let due = false;
    if (down >= 1 && (s.morale[side]! & 1) === 0) {
      s.morale[side]! |= 1;
      due = true;
    }
    if (down * 2 >= to - from && (s.morale[side]! & 2) === 0) {
      s.morale[side]! |= 2;
      due = true;
    }
    if (!due) continue;
    let roller = -1;
    if (isActive(s, c.captain[side]!)) roller = c.captain[side]!;
    else for (let m = from; m < to; m++) if (isActive(s, m) && (roller === -1 || c.members[m]!.sides > c.members[roller]!.sides)) roller = m;
    if (roller === -1) continue;
    const roll = rollAt(s, c, roller, undefined, -1, false, false, 'morale', events);
    const fled = roll < knobs.target;
    markSlot(CR.morale);
    events?.push({ type: 'morale', side: s.setup.sides[side]!.id, roller: c.members[roller]!.key, roll, target: knobs.target, fled });
    if (!fled) continue;
    for (let m = from; m < to; m++) {
      if (!isActive(s, m)) continue;
      s.flags[m] = s.flags[m]! | FLAG.fled;
      touchMember(s, m);
      events?.push({ type: 'fled', member: c.members[m]!.key });
    }
  }
}
