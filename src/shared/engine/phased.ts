/**
 * The phased turn structure (R12, seed 002): each round both sides declare an order for every
 * ready member in secret, then orders resolve by phase — ranged Clashes, Clashes, Interact,
 * Move, haste (extra orders) — higher die first, the Initiative side first on equal dice.
 * An order that can no longer be carried out when its phase comes is dropped.
 */
import { destinations, interact, move, startClash } from './actions';
import { canInteract, interactProblem } from './objectives';
import type { Compiled } from './compiled';
import { checkMorale } from './damage';
import type { BattleEvent } from './events';
import { checkEnd, endRound } from './round';
import { actionLimit, enemiesIn, isActive, isReady, sideCanAct } from './state';
import type { Action, BattleState, Order, SideIndex } from './types';

/** `used` value of a member whose order was Hold: done for the round (as R2.4 Hold). */
const HELD = 1_000_000;

/** Opens the declaration step of a phased round: the Initiative side declares first. */
export function beginDeclarations(s: BattleState): void {
  s.phased = { declared: [null, null], queue: [], phases: [], next: 0 };
  s.phase = 'declare';
}

/** Phase number of each `holdUntil` name (see `PhasedRound.phases`). */
const HOLD_PHASE: Record<string, number> = { clash: 2, interact: 3, move: 4, haste: 5 };

/** Own phase of an order: 1 ranged Clash, 2 Clash, 3 Interact, 4 Move, 9 Hold. */
function basePhase(c: Compiled, o: Order, m: number): number {
  return o.act === 'hold' ? 9 : o.act === 'clash' ? (c.members[m]!.ranged ? 1 : 2) : o.act === 'interact' ? 3 : 4;
}

/** Why an order is not possible now, or null (same checks as the alternating actions). */
export function orderProblem(s: BattleState, c: Compiled, o: Order, side: number): string | null {
  const m = typeof o?.member === 'string' ? c.keyIndex.get(o.member) : undefined;
  if (m === undefined) return `member '${String(o?.member)}' is not in this battle`;
  const name = c.members[m]!.name;
  if (c.sideOf[m] !== side) return `${name} is not on side '${s.setup.sides[side]!.id}'`;
  if (!isActive(s, m)) return `${name} is out of the battle`;
  if (o.holdUntil !== undefined) {
    const until = HOLD_PHASE[String(o.holdUntil)];
    if (until === undefined || o.act === 'hold') return `${name}: holdUntil must be one of ${Object.keys(HOLD_PHASE).join(', ')}, on a Clash, Interact or Move order (R12)`;
    if (until < basePhase(c, o, m)) return `${name}: a ${o.act} order cannot be brought forward to the ${String(o.holdUntil)} phase; hold it only to a later phase (R12)`;
  }
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

/** Validates and records a side's secret orders; starts resolution once both sides have declared. */
export function declare(s: BattleState, c: Compiled, a: Extract<Action, { type: 'declare' }>, events: BattleEvent[], dry: boolean): string | null {
  const side = c.sideIndex.get(a.side)!;
  if (!Array.isArray(a.orders)) return 'orders must be a list';
  const count = new Map<number, number>();
  for (const o of a.orders) {
    const problem = orderProblem(s, c, o, side);
    if (problem !== null) return problem;
    const m = c.keyIndex.get(o.member)!;
    if (!isReady(s, c, m)) return `${c.members[m]!.name} is not ready`;
    const n = (count.get(m) ?? 0) + 1;
    if (n > actionLimit(s, c, m)) return `${c.members[m]!.name} has more orders than actions (R2.5)`;
    count.set(m, n);
  }
  if (dry) return null;
  const p = s.phased!;
  p.declared[side] = a.orders.map((o) => ({ ...o }));
  events.push({ type: 'ordersDeclared', side: a.side, count: a.orders.length });
  const other = (1 - side) as SideIndex;
  if (p.declared[other] === null && sideCanAct(s, c, other)) {
    s.side = other;
    return null;
  }
  p.declared[other] ??= [];
  buildQueue(s, c, events);
  continuePhased(s, c, events);
  return null;
}

function buildQueue(s: BattleState, c: Compiled, events: BattleEvent[]): void {
  const p = s.phased!;
  const entries: { o: Order; phase: number; m: number; side: number; pos: number }[] = [];
  for (const side of [0, 1]) {
    const seen = new Set<number>();
    p.declared[side]!.forEach((o, pos) => {
      const m = c.keyIndex.get(o.member)!;
      const first = !seen.has(m);
      seen.add(m);
      const base = basePhase(c, o, m);
      const own = first || o.act === 'hold' ? base : 5;
      entries.push({ o, phase: o.holdUntil === undefined ? own : Math.max(own, HOLD_PHASE[o.holdUntil]!), m, side, pos });
    });
  }
  entries.sort((x, y) => x.phase - y.phase || c.members[y.m]!.sides - c.members[x.m]!.sides || (x.side === s.initiative ? 0 : 1) - (y.side === s.initiative ? 0 : 1) || x.m - y.m || x.pos - y.pos);
  p.queue = entries.map((e) => e.o);
  p.phases = entries.map((e) => e.phase);
  p.next = 0;
  events.push({ type: 'ordersRevealed', orders: p.queue.map((o) => ({ ...o })) });
  for (const e of entries) if (e.o.act === 'hold') s.used[e.m] = HELD;
}

/**
 * Resolves queued orders until one needs a decision (a response or a Swarm-loss choice) or the
 * queue is done; then the round ends. Called again after every paused Clash completes.
 */
export function continuePhased(s: BattleState, c: Compiled, events: BattleEvent[]): void {
  const p = s.phased!;
  while (p.next < p.queue.length) {
    const o = p.queue[p.next]!;
    p.next++;
    if (o.act === 'hold') continue;
    const m = c.keyIndex.get(o.member)!;
    const side = c.sideOf[m]! as SideIndex;
    const drop = (reason: string): void => {
      events.push({ type: 'orderDropped', member: o.member, act: o.act, reason });
    };
    if (!isReady(s, c, m)) {
      drop(isActive(s, m) ? 'it has already acted this round' : 'it is out of the battle');
      continue;
    }
    const problem = orderProblem(s, c, o, side);
    if (problem !== null) {
      drop(problem);
      continue;
    }
    s.side = side;
    s.phase = 'turn';
    if (o.act === 'move') move(s, c, m, o.to!, events, false);
    else if (o.act === 'interact') interact(s, c, m, o.objective!, events, false);
    else {
      startClash(s, c, { type: 'clash', side: s.setup.sides[side]!.id, attacks: [{ attacker: o.member, target: o.target! }] }, events, false);
      return;
    }
    checkMorale(s, c, events);
    if (checkEnd(s, c, events)) return;
  }
  endRound(s, c, events);
}

/**
 * Complete declarations for legalActions: every combination of one order per ready member when
 * there are at most `cap`; otherwise everyone holds, each single non-hold order with the rest
 * holding, and everyone taking their first non-hold option. Extra (haste) orders are not listed.
 */
export function declareActions(s: BattleState, c: Compiled, cap = 64): Action[] {
  const side = s.side;
  const sideId = s.setup.sides[side]!.id;
  const [from, to] = c.range[side]!;
  const options: Order[][] = [];
  for (let m = from; m < to; m++) {
    if (!isReady(s, c, m)) continue;
    const key = c.members[m]!.key;
    const list: Order[] = [{ member: key, act: 'hold' }];
    const [efrom, eto] = c.range[1 - side]!;
    for (let e = efrom; e < eto; e++) if (isActive(s, e) && s.area[e] === s.area[m]) list.push({ member: key, act: 'clash', target: c.members[e]!.key });
    c.objectives.forEach((o, i) => {
      if (canInteract(s, c, m, i, enemiesIn(s, c, s.area[m]!, side))) list.push({ member: key, act: 'interact', objective: o.def.id });
    });
    for (const a of destinations(s, c, m)) list.push({ member: key, act: 'move', to: s.setup.areas[a]!.id });
    options.push(list);
  }
  const total = options.reduce((n, l) => n * l.length, 1);
  const out: Action[] = [];
  if (total <= cap) {
    for (let code = 0; code < total; code++) {
      let x = code;
      const orders = options.map((l) => {
        const o = l[x % l.length]!;
        x = Math.floor(x / l.length);
        return o;
      });
      out.push({ type: 'declare', side: sideId, orders });
    }
    return out;
  }
  const holds = options.map((l) => l[0]!);
  out.push({ type: 'declare', side: sideId, orders: holds });
  options.forEach((l, i) => l.slice(1).forEach((o) => out.push({ type: 'declare', side: sideId, orders: holds.map((h, j) => (j === i ? o : h)) })));
  out.push({ type: 'declare', side: sideId, orders: options.map((l) => l[1] ?? l[0]!) });
  return out;
}
