/**
 * `legalActions` for phased rounds (R12): declarations and phase-start drops. Every listed
 * action is legal; `isLegal` also accepts any other legal declaration (other groupings, holds).
 */
import { destinations } from './actions';
import type { Compiled } from './compiled';
import { swarmsOf } from './swarm-groups';
import { canInteract } from './objectives';
import { droppable } from './phased-resolve';
import { actionLimit, enemiesIn, isActive, isReady } from './state';
import type { Action, BattleState, MemberKey, Order } from './types';

/** A ready member's possible plans: plan 0 is Hold, then one order, then (haste) first + extra orders. */
interface MemberPlans {
  m: number;
  options: Order[];
  plans: Order[][];
}

function memberPlans(s: BattleState, c: Compiled, m: number): MemberPlans {
  const side = c.sideOf[m]!;
  const key = c.members[m]!.key;
  const options: Order[] = [];
  const efrom = c.first[1 - side]!;
  const eto = c.end[1 - side]!;
  for (let e = efrom; e < eto; e++) if (isActive(s, e) && s.area[e] === s.area[m]) options.push({ member: key, act: 'clash', target: c.members[e]!.key });
  if (c.objectives.length > 0) {
    const enemies = enemiesIn(s, c, s.area[m]!, side);
    for (let i = 0; i < c.objectives.length; i++) if (canInteract(s, c, m, i, enemies)) options.push({ member: key, act: 'interact', objective: c.objectives[i]!.def.id });
  }
  for (const a of destinations(s, c, m)) options.push({ member: key, act: 'move', to: s.setup.areas[a]!.id });
  const plans: Order[][] = [[{ member: key, act: 'hold' }], ...options.map((o) => [o])];
  // Haste (R11 extraActions): the extra orders resolve in the haste phase (seed 002).
  // Each first order with each extra one (all pairs for up to 6 options, else each once).
  const extra = actionLimit(s, c, m) - 1;
  const haste = (o: Order, x: Order): Order[] => {
    const plan = [o];
    for (let k = 0; k < extra; k++) plan.push({ ...x });
    return plan;
  };
  if (extra > 0 && options.length <= 6) for (const o of options) for (const x of options) plans.push(haste(o, x));
  else if (extra > 0) {
    for (const o of options) plans.push(haste(o, options[0]!));
    for (const x of options.slice(1)) plans.push(haste(options[0]!, x));
  }
  return { m, options, plans };
}

/**
 * Complete declarations for legalActions: every combination of one plan per ready member when
 * there are at most `cap`; otherwise everyone holds, each single plan with the rest holding, and
 * everyone taking their first non-hold plan. Always added, the rest holding: each Clash held for
 * "the target moves" and for "an enemy clashes" (R12 reactive holds), and per Area and enemy the
 * members able to clash it as one grouped Clash, also with its largest Swarm (R3.1, R6).
 */
export function declareActions(s: BattleState, c: Compiled, cap = 64): Action[] {
  const side = s.side;
  const sideId = s.setup.sides[side]!.id;
  const from = c.first[side]!;
  const to = c.end[side]!;
  const members: MemberPlans[] = [];
  for (let m = from; m < to; m++) if (isReady(s, c, m)) members.push(memberPlans(s, c, m));
  const out: Action[] = [];
  // Plain loops, no closures per listed action: this runs for every phased declaration a bot makes.
  const withOnly = (i: number, plan: Order[]): Order[] => {
    const orders: Order[] = [];
    for (let j = 0; j < members.length; j++) for (const o of j === i ? plan : members[j]!.plans[0]!) orders.push(o);
    return orders;
  };
  let total = 1;
  for (const p of members) total *= p.plans.length;
  if (total <= cap) {
    for (let code = 0; code < total; code++) {
      let x = code;
      const orders: Order[] = [];
      for (const p of members) {
        for (const o of p.plans[x % p.plans.length]!) orders.push(o);
        x = Math.floor(x / p.plans.length);
      }
      out.push({ type: 'declare', side: sideId, orders });
    }
  } else {
    out.push({ type: 'declare', side: sideId, orders: withOnly(-1, []) });
    for (let i = 0; i < members.length; i++) for (let k = 1; k < members[i]!.plans.length; k++) out.push({ type: 'declare', side: sideId, orders: withOnly(i, members[i]!.plans[k]!) });
    const first: Order[] = [];
    for (const p of members) for (const o of p.plans[1] ?? p.plans[0]!) first.push(o);
    out.push({ type: 'declare', side: sideId, orders: first });
  }
  for (let i = 0; i < members.length; i++) {
    for (const o of members[i]!.options) {
      if (o.act !== 'clash') continue;
      out.push({ type: 'declare', side: sideId, orders: withOnly(i, [{ ...o, trigger: 'enemyLeaves', watch: o.target! }]) });
      out.push({ type: 'declare', side: sideId, orders: withOnly(i, [{ ...o, trigger: 'enemyClashes' }]) });
    }
  }
  groupedClashes(s, c, members, (orders, group, swarms) => out.push(swarms.length > 0 ? { type: 'declare', side: sideId, orders, groups: [group], swarms } : { type: 'declare', side: sideId, orders, groups: [group] }));
  return out;
}

/** Per Area and enemy: the ready members able to clash it, as one Clash, plain and with its largest Swarm. */
function groupedClashes(s: BattleState, c: Compiled, members: MemberPlans[], emit: (orders: Order[], group: MemberKey[], swarms: MemberKey[][]) => void): void {
  const targets = new Set<string>();
  for (const p of members) for (const o of p.options) if (o.act === 'clash') targets.add(o.target!);
  if (targets.size === 0) return;
  for (const target of targets) {
    const t = c.keyIndex.get(target)!;
    const joined = members.filter((p) => p.options.some((o) => o.act === 'clash' && o.target === target));
    if (joined.length < 2) continue;
    const orders = members.flatMap((p) => (joined.includes(p) ? [{ member: c.members[p.m]!.key, act: 'clash' as const, target }] : p.plans[0]!));
    const group = joined.map((p) => c.members[p.m]!.key);
    emit(orders, group, []);
    const swarms = swarmsOf(s, c, joined.map((p) => p.m), joined.map(() => t), joined.length);
    if (swarms.length > 0) emit(orders, group, swarms);
  }
}

/** The drop choices at a phase start: keep everything, drop one member's orders, or drop them all. */
export function dropActions(s: BattleState): Action[] {
  const side = s.setup.sides[s.side]!.id;
  const keys = droppable(s, s.side);
  const out: Action[] = [{ type: 'drop', side, members: [] }];
  for (const k of keys) out.push({ type: 'drop', side, members: [k] });
  if (keys.length > 1) out.push({ type: 'drop', side, members: keys.slice() });
  return out;
}
