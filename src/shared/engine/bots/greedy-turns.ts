/**
 * Greedy's value of Moves and Interacts (R8, R9: objectives' worth to the side) and of phased
 * declarations and drops (R12: the sum of their orders, grouped Clashes as one Clash).
 */
import type { Compiled } from '../compiled';
import { EK, effectSum } from '../effect-index';
import { enemiesIn, isActive, isReady } from '../state';
import type { Action, BattleState, Order } from '../types';
import type { OddsCache } from './estimate';
import { POINT_WEIGHT } from './estimate';
import { scoreClash } from './greedy-clash';
import { ACTION_COST, KEEP_ACTION, decision, pairValues, scored, viewOf } from './greedy-pairs';

/**
 * Per decision, by (side, Area) at `side × Areas + Area`: what scoring objectives there are worth to the side now, and
 * whether enemies of the side are there — every Move of the decision reads them, and they hold
 * while the state does. Filled for a whole side at once ({@link sideAreas}); `stamp[side]` is its decision.
 */
const areas = { stamp: new Int32Array(2), worth: new Float64Array(0), enemies: new Uint8Array(0) };

/**
 * Fills {@link areas} for every Area of `side` in this decision (once per decision and side):
 * one pass over the objectives (R8, R9: each Area's worth summed in objective order) and one over
 * the enemies (active ones, R5.3). Returns the side's first index in {@link areas}.
 */
const sideAreas = (s: BattleState, c: Compiled, side: number): number => {
  const n = c.links.length;
  if (areas.worth.length < 2 * n) {
    areas.worth = new Float64Array(2 * n);
    areas.enemies = new Uint8Array(2 * n);
    areas.stamp.fill(0);
  }
  const at = side * n;
  if (areas.stamp[side] === decision.id) return at;
  areas.stamp[side] = decision.id;
  const worth = areas.worth;
  const enemies = areas.enemies;
  for (let a = 0; a < n; a++) {
    worth[at + a] = 0;
    enemies[at + a] = 0;
  }
  const rounds = Math.max(1, s.setup.rounds - s.round + 1);
  for (let i = 0; i < c.objectives.length; i++) {
    const o = c.objectives[i]!;
    if (o.only !== -1 && o.only !== side) continue;
    const d = o.def;
    const pts = o.points * POINT_WEIGHT;
    if (d.kind === 'interact') {
      if (d.repeatable !== true && s.scored[i * 2] + s.scored[i * 2 + 1] > 0) continue;
      worth[at + o.area] += pts / Math.max(1, o.progress - s.progress[i * 2 + side]);
    } else if (d.kind === 'reach' || d.kind === 'control') {
      if (d.kind === 'reach' && d.once === true && s.scored[i * 2 + side] > 0) continue;
      worth[at + o.area] += (pts * Math.min(rounds, 3)) / 3;
    }
  }
  for (let m = c.first[1 - side]!; m < c.end[1 - side]!; m++) if (isActive(s, m)) enemies[at + s.area[m]!] = 1;
  return at;
};

/** Value of member `m` moving to Area `to` (R8), left in {@link scored}: half the change in objectives' worth, and a little for reaching enemies. */
export const scoreMove = (s: BattleState, c: Compiled, m: number, to: number): void => {
  const at = sideAreas(s, c, c.sideOf[m]);
  const from = at + s.area[m];
  const dest = at + to;
  let score = 0.5 * (areas.worth[dest]! - areas.worth[from]!) - ACTION_COST;
  if (areas.enemies[from] === 0 && areas.enemies[dest] === 1) score += 0.3;
  scored[0] = score;
};

/** Value of member `m` interacting with objective `objective` (R9), left in {@link scored}: its points by the share of progress made, and the odds when contested. */
export const scoreInteract = (s: BattleState, c: Compiled, m: number, objective: number): void => {
  const o = c.objectives[objective];
  const side = c.sideOf[m];
  // The same query as the Interact itself (R9, R11 progressBonus), without a context object.
  const bonus = Math.max(0, effectSum(s, c, EK.progressBonus, m));
  const remaining = Math.max(1, o.progress - s.progress[objective * 2 + side]);
  let chance = 1;
  if (o.def.kind === 'interact' && o.def.whenContested === 'roll' && enemiesIn(s, c, o.area, side)) {
    chance = Math.max(0, Math.min(1, (c.members[m].sides - o.difficulty + 1) / c.members[m].sides));
  }
  const share = Math.min(1, (1 + bonus) / remaining);
  scored[0] = chance * o.points * POINT_WEIGHT * (share >= 1 ? 1 : share * 0.8) - ACTION_COST;
};

/** Value of one phased order (R12) now: its Clash, Move or Interact as if taken as a turn. */
const orderValue = (s: BattleState, c: Compiled, odds: OddsCache, o: Order): number => {
  const m = c.keyIndex.get(o.member);
  if (m === undefined) return 0;
  if (o.act === 'clash' && o.target !== undefined) {
    const t = c.keyIndex.get(o.target);
    if (t === undefined || !isActive(s, t)) return 0;
    const v = pairValues(s, c, odds, viewOf(s, c, odds, [m], t, false));
    return (isReady(s, c, t) ? Math.min(v.defended, v.absorbed - KEEP_ACTION) : v.absorbed) - ACTION_COST;
  }
  if (o.act === 'move' && o.to !== undefined) {
    const to = c.areaIndex.get(o.to);
    if (to === undefined) return 0;
    scoreMove(s, c, m, to);
    return scored[0]!;
  }
  if (o.act === 'interact' && o.objective !== undefined) {
    const i = c.objectiveIndex.get(o.objective);
    if (i === undefined) return 0;
    scoreInteract(s, c, m, i);
    return scored[0]!;
  }
  return 0;
};

/** A held order may never fire: half its value, plus a little for staying ready to defend meanwhile. */
const HELD_SHARE = 0.5;
const READY_WHILE_HELD = 0.2;

/**
 * Order values of the current decision: the listed declarations share their Order objects, so
 * each order is valued once per decision (started by `decide` or `rankActions`, see {@link newDecision}).
 */
const orderMemo = { decision: 0, state: null as BattleState | null, values: new Map<Order, number>() };

const memoValue = (s: BattleState, c: Compiled, odds: OddsCache, o: Order): number => {
  if (orderMemo.decision !== decision.id || orderMemo.state !== s) {
    orderMemo.decision = decision.id;
    orderMemo.state = s;
    orderMemo.values.clear();
  }
  const memo = orderMemo.values;
  let v = memo.get(o);
  if (v === undefined) {
    v = orderValue(s, c, odds, o);
    v = o.trigger === undefined ? v : HELD_SHARE * v + READY_WHILE_HELD;
    memo.set(o, v);
  }
  return v;
};

/**
 * A phased declaration (R12 `turnStructure: phased`) is worth the sum of its orders; a grouped
 * Clash (with its Swarms) is scored as one Clash; orders held for a trigger count at a share.
 */
export const scoreDeclare = (s: BattleState, c: Compiled, odds: OddsCache, a: Extract<Action, { type: 'declare' }>): number => {
  let total = 0;
  if (a.groups === undefined && a.swarms === undefined) {
    for (const o of a.orders) total += memoValue(s, c, odds, o);
    return total;
  }
  const first = new Map<string, Order>();
  for (const o of a.orders) if (!first.has(o.member)) first.set(o.member, o);
  const groups = [...(a.groups ?? []), ...(a.swarms ?? []).filter((sw) => !(a.groups ?? []).some((g) => g.includes(sw[0])))];
  const grouped = new Set(groups.flat());
  for (const g of groups) {
    const attacks = g.map((k) => ({ attacker: k, target: first.get(k)?.target ?? '' }));
    if (attacks.some((x) => !c.keyIndex.has(x.target))) continue;
    const swarms = (a.swarms ?? []).filter((sw) => sw.every((k) => g.includes(k)));
    total += scoreClash(s, c, odds, { type: 'clash', side: a.side, attacks, swarms });
  }
  const seen = new Set<string>();
  for (const o of a.orders) {
    const isFirst = !seen.has(o.member);
    seen.add(o.member);
    if (!(isFirst && grouped.has(o.member))) total += memoValue(s, c, odds, o);
  }
  return total;
};

/** Dropping orders at a phase start (R12) is worth what those orders would lose now. */
export const scoreDrop = (s: BattleState, c: Compiled, odds: OddsCache, a: Extract<Action, { type: 'drop' }>): number => {
  const p = s.phased;
  if (p === undefined) return 0;
  let total = 0;
  p.orders.forEach((o, id) => {
    if (p.status[id] === 0 && a.members.includes(o.member)) total -= orderValue(s, c, odds, o);
  });
  return total;
};
