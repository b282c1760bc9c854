/**
 * `legalActions` for phased rounds (R12): declarations and phase-start drops. Every listed
 * action is legal; `isLegal` also accepts any other legal declaration (other groupings, holds).
 */
import { destinations } from './actions';
import { swarmMode } from './clash';
import type { Compiled } from './compiled';
import { swarmsFor } from './legal';
import type { ModeOf } from './legal';
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
  const [efrom, eto] = c.range[1 - side]!;
  for (let e = efrom; e < eto; e++) if (isActive(s, e) && s.area[e] === s.area[m]) options.push({ member: key, act: 'clash', target: c.members[e]!.key });
  c.objectives.forEach((o, i) => {
    if (canInteract(s, c, m, i, enemiesIn(s, c, s.area[m]!, side))) options.push({ member: key, act: 'interact', objective: o.def.id });
  });
  for (const a of destinations(s, c, m)) options.push({ member: key, act: 'move', to: s.setup.areas[a]!.id });
  const plans: Order[][] = [[{ member: key, act: 'hold' }], ...options.map((o) => [o])];
  // Haste (R11 extraActions): the extra orders resolve in the haste phase (seed 002).
  const extra = actionLimit(s, c, m) - 1;
  if (extra > 0) for (const o of options) for (const x of options) plans.push([o, ...Array.from({ length: extra }, () => ({ ...x }))]);
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
  const [from, to] = c.range[side]!;
  const members: MemberPlans[] = [];
  for (let m = from; m < to; m++) if (isReady(s, c, m)) members.push(memberPlans(s, c, m));
  const out: Action[] = [];
  const declare = (orders: Order[], extra: Partial<Extract<Action, { type: 'declare' }>> = {}): void => {
    out.push({ type: 'declare', side: sideId, orders, ...extra });
  };
  const holds = members.map((p) => p.plans[0]!);
  const withOnly = (i: number, plan: Order[]): Order[] => members.flatMap((_, j) => (j === i ? plan : holds[j]!));
  const total = members.reduce((n, p) => n * p.plans.length, 1);
  if (total <= cap) {
    for (let code = 0; code < total; code++) {
      let x = code;
      declare(
        members.flatMap((p) => {
          const plan = p.plans[x % p.plans.length]!;
          x = Math.floor(x / p.plans.length);
          return plan;
        }),
      );
    }
  } else {
    declare(holds.flat());
    members.forEach((p, i) => p.plans.slice(1).forEach((plan) => declare(withOnly(i, plan))));
    declare(members.flatMap((p) => p.plans[1] ?? p.plans[0]!));
  }
  members.forEach((p, i) => {
    for (const o of p.options) {
      if (o.act !== 'clash') continue;
      declare(withOnly(i, [{ ...o, trigger: 'enemyLeaves', watch: o.target! }]));
      declare(withOnly(i, [{ ...o, trigger: 'enemyClashes' }]));
    }
  });
  groupedClashes(s, c, members, (orders, group, swarms) => declare(orders, swarms.length > 0 ? { groups: [group], swarms } : { groups: [group] }));
  return out;
}

/** Per Area and enemy: the ready members able to clash it, as one Clash, plain and with its largest Swarm. */
function groupedClashes(s: BattleState, c: Compiled, members: MemberPlans[], emit: (orders: Order[], group: MemberKey[], swarms: MemberKey[][]) => void): void {
  const modeOf: ModeOf = (m, t) => swarmMode(s, c, m, t);
  const targets = new Set<string>();
  for (const p of members) for (const o of p.options) if (o.act === 'clash') targets.add(o.target!);
  for (const target of targets) {
    const t = c.keyIndex.get(target)!;
    const joined = members.filter((p) => p.options.some((o) => o.act === 'clash' && o.target === target));
    if (joined.length < 2) continue;
    const orders = members.flatMap((p) => (joined.includes(p) ? [{ member: c.members[p.m]!.key, act: 'clash' as const, target }] : p.plans[0]!));
    const group = joined.map((p) => c.members[p.m]!.key);
    emit(orders, group, []);
    const swarms = swarmsFor(s, c, joined.map((p) => [p.m, t] as [number, number]), modeOf);
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
