/**
 * The phased turn structure (R12, seed 002), declaration side: each round both sides give an
 * order to every ready member (a member left out holds), may group Clash orders into one Clash
 * with Swarms, and may hold an order until a later phase or a trigger. Once both sides have
 * declared, the orders are revealed as resolution steps, sorted by phase — first (round 1's start
 * of combat), ranged, clash, interact, move, haste — then larger die first, the Initiative side
 * first on equal dice. Resolution is in `phased-resolve.ts`.
 */
import { destinations } from './actions';
import { swarmProblem } from './clash';
import type { Compiled } from './compiled';
import type { BattleEvent, EventLog } from './events';
import { interactProblem } from './objectives';
import { continuePhased } from './phased-resolve';
import { actionLimit, enemiesIn, isActive, isReady, sideCanAct } from './state';
import { FLAG } from './types';
import type { Action, BattleState, HoldPhase, MemberKey, Order, OrderTrigger, PhasedStep, SideIndex } from './types';

/** `used` value of a member whose order was Hold: done for the round (as R2.4 Hold). */
export const HELD = 1_000_000;

/** Phase number of each `holdUntil` name (see `PhasedStep.phase`). */
export const HOLD_PHASE: Record<HoldPhase, number> = { clash: 2, interact: 3, move: 4, haste: 5 };

/** The triggers a held order may wait for. */
export const TRIGGERS: readonly OrderTrigger[] = ['enemyEnters', 'enemyLeaves', 'enemyClashes'];

type Declare = Extract<Action, { type: 'declare' }>;
type Together = { groups: MemberKey[][]; swarms: MemberKey[][] };

/** Opens the declaration step of a phased round: the Initiative side declares first. */
export function beginDeclarations(s: BattleState): void {
  const none = (): Together => ({ groups: [], swarms: [] });
  s.phased = {
    declared: [null, null],
    together: [none(), none()],
    orders: [],
    status: [],
    steps: [],
    phase: -1,
    able: [],
    startHealth: [],
    startFlags: [],
    asked: 0,
    reactions: [],
    current: -1,
    interrupted: [],
    primed: [],
    defaults: [0, 0],
  };
  s.phase = 'declare';
}

/** Own phase of an order: 1 ranged Clash, 2 Clash, 3 Interact, 4 Move, 9 Hold. */
export function basePhase(c: Compiled, o: Order, m: number): number {
  return o.act === 'hold' ? 9 : o.act === 'clash' ? (c.members[m]!.ranged ? 1 : 2) : o.act === 'interact' ? 3 : 4;
}

/** Why the hold part of an order (`holdUntil`, `trigger`, `watch`) is malformed, or null. */
function holdProblem(c: Compiled, o: Order, m: number, side: number): string | null {
  const name = c.members[m]!.name;
  if (o.holdUntil !== undefined) {
    const until = HOLD_PHASE[o.holdUntil];
    if (until === undefined || o.act === 'hold') return `${name}: holdUntil must be one of ${Object.keys(HOLD_PHASE).join(', ')}, on a Clash, Interact or Move order (R12)`;
    if (until < basePhase(c, o, m)) return `${name}: a ${o.act} order cannot be brought forward to the ${o.holdUntil} phase; hold it only to a later phase (R12)`;
    if (o.trigger !== undefined) return `${name}: give either holdUntil (a phase) or trigger (an event), not both`;
  }
  if (o.trigger !== undefined && (!TRIGGERS.includes(o.trigger) || o.act === 'hold')) return `${name}: trigger must be one of ${TRIGGERS.join(', ')}, on a Clash, Interact or Move order (R12)`;
  if (o.watch !== undefined) {
    if (o.trigger === undefined) return `${name}: watch names the enemy that sets off a trigger; give a trigger too`;
    const w = typeof o.watch === 'string' ? c.keyIndex.get(o.watch) : undefined;
    if (w === undefined || c.sideOf[w] === side) return `${name}: watch '${String(o.watch)}' must be an enemy in this battle`;
  }
  return null;
}

/**
 * Why an order is not possible now, or null (same checks as the alternating actions). `mayAct`
 * says whether its member may still act (default: it is in the battle).
 */
export function orderProblem(s: BattleState, c: Compiled, o: Order, side: number, mayAct: (m: number) => boolean = (m) => isActive(s, m)): string | null {
  const m = typeof o?.member === 'string' ? c.keyIndex.get(o.member) : undefined;
  if (m === undefined) return `member '${String(o?.member)}' is not in this battle`;
  const name = c.members[m]!.name;
  if (c.sideOf[m] !== side) return `${name} is not on side '${s.setup.sides[side]!.id}'`;
  if (!mayAct(m)) return `${name} is out of the battle`;
  const held = holdProblem(c, o, m, side);
  if (held !== null) return held;
  if (o.act === 'hold') return null;
  if (o.act === 'clash') {
    const t = typeof o.target === 'string' ? c.keyIndex.get(o.target) : undefined;
    if (t === undefined || c.sideOf[t] === side || !isActive(s, t)) return `${name} needs an enemy still in the battle as target`;
    return s.area[t] === s.area[m] ? null : `${c.members[t]!.name} is not in ${name}'s Area`;
  }
  if (o.act === 'move') {
    const a = typeof o.to === 'string' ? c.areaIndex.get(o.to) : undefined;
    return a !== undefined && destinations(s, c, m).includes(a) ? null : `${name} cannot move to '${String(o.to)}' (R8.2)`;
  }
  if (o.act === 'interact') {
    const i = typeof o.objective === 'string' ? c.objectiveIndex.get(o.objective) : undefined;
    if (i === undefined) return `objective '${String(o.objective)}' is not in this scenario`;
    return interactProblem(s, c, m, i, enemiesIn(s, c, s.area[m]!, side));
  }
  return `unknown order '${String((o as { act?: unknown }).act)}'`;
}

const sameHold = (a: Order, b: Order): boolean => a.holdUntil === b.holdUntil && a.trigger === b.trigger && a.watch === b.watch;

/** Member indices of a list of keys, or a message when it is not a list of this side's members. */
function membersOf(c: Compiled, list: unknown, side: number, what: string): number[] | string {
  if (!Array.isArray(list) || list.length === 0) return `each ${what} is a non-empty list of member keys`;
  const out: number[] = [];
  for (const key of list) {
    const m = typeof key === 'string' ? c.keyIndex.get(key) : undefined;
    if (m === undefined || c.sideOf[m] !== side) return `${what} member '${String(key)}' is not on this side`;
    if (out.includes(m)) return `${c.members[m]!.name} is listed twice in one ${what}`;
    out.push(m);
  }
  return out;
}

/**
 * Checks declared groups and Swarms (R3.1, R6.1): members with a Clash as first order, one Area,
 * held alike; a Swarm's members share a target and lie in one group (or form their own).
 */
function checkTogether(s: BattleState, c: Compiled, a: Declare, side: number, first: Map<number, Order>): Together | string {
  const groups: number[][] = [];
  const groupOf = new Map<number, number>();
  const addGroup = (ms: number[]): string | null => {
    const lead = first.get(ms[0]!);
    for (const m of ms) {
      const o = first.get(m);
      const name = c.members[m]!.name;
      if (o === undefined || o.act !== 'clash') return `${name} has no Clash order to join a Clash with (R3.1)`;
      if (groupOf.has(m)) return `${name} is in two Clashes; a member commits to one Clash`;
      if (s.area[m] !== s.area[ms[0]!]) return 'every member of one Clash must be in the same Area (R3.1)';
      if (!sameHold(o, lead!)) return `${name} is held differently from the rest of its Clash; hold a Clash's members alike`;
    }
    ms.forEach((m) => groupOf.set(m, groups.length));
    groups.push(ms);
    return null;
  };
  if (a.groups !== undefined && !Array.isArray(a.groups)) return 'groups must be a list of Clashes, each a list of member keys (R3.1)';
  for (const list of a.groups ?? []) {
    const ms = membersOf(c, list, side, 'Clash group');
    if (typeof ms === 'string') return ms;
    const problem = addGroup(ms);
    if (problem !== null) return problem;
  }
  if (a.swarms !== undefined && !Array.isArray(a.swarms)) return 'swarms must be a list of Swarms, each a list of member keys (R6.1)';
  const swarmed = new Set<number>();
  const swarms: MemberKey[][] = [];
  for (const list of a.swarms ?? []) {
    const ms = membersOf(c, list, side, 'Swarm');
    if (typeof ms === 'string') return ms;
    const targets = new Set(ms.map((m) => first.get(m)?.target));
    if (ms.some((m) => first.get(m)?.act !== 'clash') || targets.size !== 1) return 'all members of a Swarm must have Clash orders on the same enemy (R6.1)';
    for (const m of ms) {
      if (swarmed.has(m)) return `${c.members[m]!.name} is in two Swarms; a member may be in one Swarm per Clash (R6.1)`;
      swarmed.add(m);
    }
    const problem = swarmProblem(s, c, ms, c.keyIndex.get([...targets][0]!)!);
    if (problem !== null) return problem;
    const homes = new Set(ms.map((m) => groupOf.get(m)));
    if (homes.size !== 1) return 'a Swarm must lie inside one Clash group (R6.1)';
    if (homes.has(undefined)) {
      const grouped = addGroup(ms);
      if (grouped !== null) return grouped;
    }
    swarms.push(ms.map((m) => c.members[m]!.key));
  }
  return { groups: groups.map((g) => g.map((m) => c.members[m]!.key)), swarms };
}

/** Validates and records a side's secret orders; starts resolution once both sides have declared. */
export function declare(s: BattleState, c: Compiled, a: Declare, events: EventLog, dry: boolean): string | null {
  const side = c.sideIndex.get(a.side)!;
  if (!Array.isArray(a.orders)) return 'orders must be a list';
  const count = new Map<number, number>();
  const first = new Map<number, Order>();
  for (const o of a.orders) {
    const problem = orderProblem(s, c, o, side);
    if (problem !== null) return problem;
    const m = c.keyIndex.get(o.member)!;
    const name = c.members[m]!.name;
    if (!isReady(s, c, m)) return `${name} is not ready`;
    const n = (count.get(m) ?? 0) + 1;
    if (n > actionLimit(s, c, m)) return `${name} has more orders than actions (R2.5)`;
    if (first.get(m)?.act === 'hold') return `${name} holds: Hold ends its round (R2.4), so it takes no further orders`;
    count.set(m, n);
    if (n === 1) first.set(m, o);
  }
  const together = checkTogether(s, c, a, side, first);
  if (typeof together === 'string') return together;
  if (dry) return null;
  const p = s.phased!;
  const orders = a.orders.map((o) => ({ ...o }));
  // Every ready member declares (R12): one left without an order holds, and the log says so.
  const from = c.first[side]!;
  const to = c.end[side]!;
  for (let m = from; m < to; m++) if (isReady(s, c, m) && !count.has(m)) orders.push({ member: c.members[m]!.key, act: 'hold' });
  p.declared[side] = orders;
  p.defaults[side] = orders.length - a.orders.length;
  p.together[side] = together;
  events?.push({ type: 'ordersDeclared', side: a.side, count: a.orders.length });
  const other = (1 - side) as SideIndex;
  if (p.declared[other] === null && sideCanAct(s, c, other)) {
    s.side = other;
    return null;
  }
  if (p.declared[other] === null) {
    p.declared[other] = [];
  }
  reveal(s, c, events);
  continuePhased(s, c, events);
  return null;
}

interface Entry {
  orders: Order[];
  swarms: MemberKey[][];
  side: SideIndex;
  phase: number;
  sub: number;
  die: number;
  m: number;
  pos: number;
}

/** Reveals both sides' orders as resolution steps in phase order (R12) and logs them. */
function reveal(s: BattleState, c: Compiled, events: EventLog): void {
  const p = s.phased!;
  const startOfCombat = s.round === 1 && s.setup.ruleset.initiative.mode === 'startOfCombat';
  const entries: Entry[] = [];
  const holds: Order[] = [];
  for (const side of [0, 1] as SideIndex[]) {
    const groupOf = new Map<string, number>();
    p.together[side].groups.forEach((g, i) => g.forEach((k) => groupOf.set(k, i)));
    const grouped = new Map<number, Entry>();
    const seen = new Set<number>();
    p.declared[side]!.forEach((o, pos) => {
      const m = c.keyIndex.get(o.member)!;
      const isFirst = !seen.has(m);
      seen.add(m);
      if (o.act === 'hold') {
        holds.push(o);
        if (isFirst) s.used[m] = HELD;
        return;
      }
      const base = basePhase(c, o, m);
      const own = !isFirst ? 5 : startOfCombat && (s.flags[m]! & FLAG.firstPhase) !== 0 ? 0 : base;
      const phase = o.holdUntil === undefined ? own : Math.max(own, HOLD_PHASE[o.holdUntil]);
      const g = isFirst ? groupOf.get(o.member) : undefined;
      const joined = g === undefined ? undefined : grouped.get(g);
      if (joined !== undefined) {
        joined.orders.push(o);
        joined.phase = Math.max(joined.phase, phase);
        joined.sub = Math.max(joined.sub, base);
        joined.die = Math.max(joined.die, c.members[m]!.sides);
        return;
      }
      const e: Entry = { orders: [o], swarms: [], side, phase, sub: base, die: c.members[m]!.sides, m, pos };
      if (g !== undefined) grouped.set(g, e);
      entries.push(e);
    });
    for (const sw of p.together[side].swarms) {
      const g = groupOf.get(sw[0]!);
      if (g !== undefined) grouped.get(g)?.swarms.push(sw);
    }
  }
  for (let m = 0; m < c.n; m++) s.flags[m] = s.flags[m]! & ~FLAG.firstPhase;
  // Haste orders resolve in regular phase order inside the haste phase (seed 002), hence `sub`.
  const first = (side: number): number => (side === s.initiative ? 0 : 1);
  entries.sort((x, y) => x.phase - y.phase || x.sub - y.sub || y.die - x.die || first(x.side) - first(y.side) || x.m - y.m || x.pos - y.pos);
  const orders: Order[] = [];
  const steps: PhasedStep[] = [];
  for (const e of entries) {
    const ids = e.orders.map((o) => orders.push(o) - 1);
    const lead = e.orders[0]!;
    const step: PhasedStep = { ids, swarms: e.swarms, side: e.side, phase: e.phase, watch: lead.watch === undefined ? -1 : c.keyIndex.get(lead.watch)! };
    if (lead.trigger !== undefined) step.trigger = lead.trigger;
    steps.push(step);
  }
  p.orders = orders;
  p.status = orders.map(() => 0);
  p.steps = steps;
  const groups = [...p.together[0].groups, ...p.together[1].groups].filter((g) => g.length > 1);
  const swarms = [...p.together[0].swarms, ...p.together[1].swarms];
  const revealed: Extract<BattleEvent, { type: 'ordersRevealed' }> = { type: 'ordersRevealed', orders: [...orders, ...holds].map((o) => ({ ...o })) };
  if (groups.length > 0) revealed.groups = groups.map((g) => g.slice());
  if (swarms.length > 0) revealed.swarms = swarms.map((g) => g.slice());
  events?.push(revealed);
  for (const side of [0, 1]) {
    const list = p.declared[side]!;
    for (const o of list.slice(list.length - p.defaults[side]!)) events?.push({ type: 'defaultHold', member: o.member });
  }
}
