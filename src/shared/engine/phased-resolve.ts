/**
 * The phased turn structure (R12, seed 002), resolution side. Phase by phase: at each phase start
 * every member able to act is noted (seed 002: it completes its order in that phase even if
 * taken out during it) and each side may drop orders due now or held; then the phase's steps
 * resolve in order. A held order with a trigger fires in the phase where its trigger happens (an
 * enemy entering or leaving its Area, an enemy in it clashing) and lapses at the round end. The
 * battle-end checks run at each phase end.
 */
import { interact, move, startClash } from './actions';
import { compile } from './compiled';
import type { Compiled } from './compiled';
import { checkMorale } from './damage';
import { PHASE_NAMES } from './events';
import type { EventLog } from './events';
import { orderProblem } from './phased';
import { checkEnd, endRound } from './round';
import { actionLimit, canStrike, isActive } from './state';
import type { Action, BattleState, Order, OrderTrigger, PhasedRound, PhasedStep } from './types';

/** Why member `m` cannot carry out an order now, or null (seed 002: able at the phase start is enough). */
function actProblem(s: BattleState, c: Compiled, m: number): string | null {
  if (!canStrike(s, m)) return 'it is out of the battle';
  return s.used[m]! < actionLimit(s, c, m) ? null : 'it has already acted this round';
}

const pending = (p: PhasedRound, step: PhasedStep): number[] => step.ids.filter((id) => p.status[id] === 0);

/** True when a step waits for the current phase (due) or for its trigger (armed), with orders left. */
function live(p: PhasedRound, step: PhasedStep): boolean {
  if (step.trigger === undefined ? step.phase !== p.phase : step.phase > p.phase) return false;
  return step.ids.some((id) => p.status[id] === 0);
}

function dropOrder(p: PhasedRound, id: number, reason: string, events: EventLog): void {
  const o = p.orders[id]!;
  p.status[id] = 2;
  events?.push({ type: 'orderDropped', member: o.member, act: o.act, reason });
}

/** Members of `side`, still in the battle, with an order due in the current phase or held for a trigger (droppable now). */
export function droppable(s: BattleState, side: number): string[] {
  const p = s.phased!;
  const c = compile(s.setup);
  const out: string[] = [];
  for (const step of p.steps) {
    if (step.side !== side || !live(p, step)) continue;
    for (const id of pending(p, step)) {
      const key = p.orders[id]!.member;
      if (!out.includes(key) && isActive(s, c.keyIndex.get(key)!)) out.push(key);
    }
  }
  return out;
}

/** Applies a side's drop decision at a phase start (R12: "declared actions may be … dropped"). */
export function dropOrders(s: BattleState, c: Compiled, a: Extract<Action, { type: 'drop' }>, events: EventLog, dry: boolean): string | null {
  const side = c.sideIndex.get(a.side)!;
  if (!Array.isArray(a.members)) return 'members must be a list of member keys (empty to keep every order)';
  const allowed = droppable(s, side);
  for (const key of a.members) if (!allowed.includes(key)) return `'${String(key)}' has no order due in this phase or held; droppable now: ${allowed.join(', ') || 'none'}`;
  if (dry) return null;
  const p = s.phased!;
  const phase = PHASE_NAMES[p.phase]!;
  for (const step of p.steps) {
    if (step.side !== side || !live(p, step)) continue;
    for (const id of pending(p, step)) if (a.members.includes(p.orders[id]!.member)) dropOrder(p, id, `dropped by its side at the start of the ${phase} phase`, events);
  }
  s.phase = 'turn';
  continuePhased(s, c, events);
  return null;
}

/**
 * Armed steps of the side opposing `by`'s side that `trigger` sets off in `area` (watching `by`
 * or any enemy), in resolution order; `clash` picks Clash orders (true) or the others (false).
 */
function reactionsTo(s: BattleState, c: Compiled, p: PhasedRound, trigger: OrderTrigger, by: number[], area: number, clash: boolean | null): number[] {
  const side = 1 - c.sideOf[by[0]!]!;
  const out: number[] = [];
  p.steps.forEach((step, i) => {
    if (step.trigger !== trigger || step.side !== side || !live(p, step)) return;
    if (step.watch >= 0 && !by.includes(step.watch)) return;
    const ids = pending(p, step);
    const lead = p.orders[ids[0]!]!;
    if (clash !== null && (lead.act === 'clash') !== clash) return;
    if (s.area[c.keyIndex.get(lead.member)!] !== area || reacting(p, i)) return;
    out.push(i, by[0]!);
  });
  return out;
}

const reacting = (p: PhasedRound, i: number): boolean => {
  for (let j = 0; j < p.reactions.length; j += 2) if (p.reactions[j] === i) return true;
  return false;
};

/** Runs step `i` (`by` ≥ 0: a trigger set it off). Returns true when control passed elsewhere (a Clash). */
function runStep(s: BattleState, c: Compiled, p: PhasedRound, i: number, by: number, events: EventLog): boolean {
  const step = p.steps[i]!;
  const acting: number[] = [];
  const mayAct = (m: number): boolean => canStrike(s, m);
  for (const id of pending(p, step)) {
    const o = p.orders[id]!;
    const m = c.keyIndex.get(o.member)!;
    const problem = actProblem(s, c, m) ?? orderProblem(s, c, o, step.side, mayAct);
    if (problem !== null) dropOrder(p, id, problem, events);
    else acting.push(id);
  }
  if (acting.length === 0) return false;
  const lead: Order = p.orders[acting[0]!]!;
  const m = c.keyIndex.get(lead.member)!;
  const from = s.area[m]!;
  // "If he moves, I'll shoot": a held Clash on an enemy about to leave resolves before it goes.
  if (lead.act === 'move' && !p.primed.includes(i) && s.setup.areas[from]!.id !== lead.to) {
    p.primed.push(i);
    const before = reactionsTo(s, c, p, 'enemyLeaves', [m], from, true);
    if (before.length > 0) {
      p.interrupted.push(i);
      p.reactions.push(...before);
      return false;
    }
  }
  const keys = acting.map((id) => p.orders[id]!.member);
  if (by >= 0 && step.trigger !== undefined) events?.push({ type: 'orderTriggered', members: keys, act: lead.act, trigger: step.trigger, by: c.members[by]!.key });
  for (const k of keys) if (!isActive(s, c.keyIndex.get(k)!)) events?.push({ type: 'fallenActs', member: k, phase: PHASE_NAMES[p.phase]! });
  for (const id of acting) p.status[id] = 1;
  s.side = step.side;
  s.phase = 'turn';
  if (lead.act === 'clash') {
    const side = s.setup.sides[step.side]!.id;
    const attacks = acting.map((id) => ({ attacker: p.orders[id]!.member, target: p.orders[id]!.target! }));
    const swarms = step.swarms.filter((sw) => sw.every((k) => keys.includes(k)));
    const action = { type: 'clash' as const, side, attacks, swarms };
    const problem = startClash(s, c, action, events, true, mayAct);
    if (problem !== null) {
      for (const id of acting) {
        p.status[id] = 0;
        dropOrder(p, id, problem, events);
      }
      return false;
    }
    p.current = i;
    startClash(s, c, action, events, false, mayAct);
    return true;
  }
  if (lead.act === 'move') move(s, c, m, lead.to!, events, false);
  else interact(s, c, m, lead.objective!, events, false);
  checkMorale(s, c, events);
  if (lead.act === 'move' && s.area[m] !== from) {
    p.reactions.push(...reactionsTo(s, c, p, 'enemyLeaves', [m], from, false), ...reactionsTo(s, c, p, 'enemyEnters', [m], s.area[m]!, null));
  }
  return false;
}

/** After a Clash step: held orders set off by an enemy clashing in their Area. */
function afterClash(s: BattleState, c: Compiled, p: PhasedRound, i: number): void {
  const step = p.steps[i]!;
  const attackers = step.ids.filter((id) => p.status[id] === 1).map((id) => c.keyIndex.get(p.orders[id]!.member)!);
  if (attackers.length > 0) p.reactions.push(...reactionsTo(s, c, p, 'enemyClashes', attackers, s.area[attackers[0]!]!, null));
}

function beginPhase(s: BattleState, p: PhasedRound, phase: number, events: EventLog): void {
  p.phase = phase;
  p.able = s.flags.map((_, m) => (isActive(s, m) ? 1 : 0));
  p.startHealth = s.health.slice();
  p.startFlags = s.flags.slice();
  p.asked = 0;
  events?.push({ type: 'phaseStarted', round: s.round, phase: PHASE_NAMES[phase]! });
}

/** Asks the next side, Initiative first, whether to drop orders at this phase start; true when it must decide. */
function askDrops(s: BattleState, p: PhasedRound): boolean {
  for (const side of [s.initiative, 1 - s.initiative]) {
    const bit = 1 << side;
    if ((p.asked & bit) !== 0) continue;
    p.asked |= bit;
    if (droppable(s, side).length > 0) {
      s.phase = 'drop';
      s.side = side as 0 | 1;
      return true;
    }
  }
  return false;
}

/**
 * Resolves the round's steps until one needs a decision (a drop choice, a response, a Swarm-loss
 * choice) or the round is over. Called again after every paused decision completes.
 */
export function continuePhased(s: BattleState, c: Compiled, events: EventLog): void {
  const p = s.phased!;
  for (;;) {
    if (p.current >= 0) {
      const i = p.current;
      p.current = -1;
      afterClash(s, c, p, i);
    }
    if (p.reactions.length > 0) {
      const [i, by] = p.reactions.splice(0, 2) as [number, number];
      if (runStep(s, c, p, i, by, events)) return;
      continue;
    }
    if (p.interrupted.length > 0) {
      if (runStep(s, c, p, p.interrupted.pop()!, -1, events)) return;
      continue;
    }
    if (p.phase >= 0 && askDrops(s, p)) return;
    const due = p.steps.findIndex((step) => step.trigger === undefined && live(p, step));
    if (due >= 0) {
      if (runStep(s, c, p, due, -1, events)) return;
      continue;
    }
    // The phase is over: a side taken out in it still acted in it; now the battle may end.
    if (p.phase >= 0 && checkEnd(s, c, events)) return;
    let next = -1;
    for (const step of p.steps) if (step.trigger === undefined && step.phase > p.phase && pending(p, step).length > 0 && (next < 0 || step.phase < next)) next = step.phase;
    if (next < 0) break;
    beginPhase(s, p, next, events);
  }
  // Held orders never carry past the round end (R12).
  p.steps.forEach((step) => {
    for (const id of pending(p, step)) {
      const out = !isActive(s, c.keyIndex.get(p.orders[id]!.member)!);
      dropOrder(p, id, out ? 'it is out of the battle; held orders never carry past the round end' : step.trigger === undefined ? 'the round ended' : `its trigger (${step.trigger}) did not happen this round; held orders never carry past the round end`, events);
    }
  });
  endRound(s, c, events);
}
