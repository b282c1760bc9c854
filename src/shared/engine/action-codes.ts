/**
 * Legal decisions as small integers (R2.4, R3, R6, R8, R9): `enumerateActions` writes a code for
 * every legal action, in exactly the order `legalActions` lists them, into a reused buffer, and
 * `decodeAction` turns one code back into its `Action`. Bots pick among codes without building
 * action objects; `legalActions` is the same enumeration with every code decoded.
 *
 * A turn's codes are its Clash codes (clash-codes.ts), Area by Area, then per acting member its
 * moves, interacts and Hold ("member codes"). The member codes can also be counted and the k-th
 * built on its own (`memberCodeCount`, `memberCodeAt`), so that a bot drawing one code uniformly
 * need not write them all. The code format and buffer are in action-buffer.ts.
 */
import type { Compiled } from './compiled';
import { ACT, ActionBuffer, CLASH_ASSIGNMENT_CAP, RESPONSE_SUBSET_LIMIT, argA, argB, argC, kindOf, pack } from './action-buffer';
import { attacksOf, clashAssignment, clashCodes, shapeClashOrder } from './clash-codes';
import { keptClashCodes, keptCode, keptN, keptWrite, startKeeping } from './clash-code-cache';
import { recordedSwarms } from './swarm-records';
import { mayIntercept } from './clash';
import { clashOf } from './pending-clash';
import { freshSwarmModes, swarmsOf } from './swarm-groups';
import { canInteract } from './objectives';
import { isReady } from './state';
import { enemyStart, groupTurn, slotArea, slotClashes, slotEnemies, slotEntry, slotFoe, slotMembers, slotOwn, slotStart, slots } from './turn-slots';
import type { Action, AttackDecl, BattleState } from './types';

export { ACT, ActionBuffer, CLASH_ASSIGNMENT_CAP, RESPONSE_SUBSET_LIMIT, argA, argB, argC, attacksOf, clashAssignment, kindOf, recordedSwarms };

/** The decision's Clash codes are read from kept entries ({@link turnClashCount}), not from the buffer. */
let clashesKept = false;

/**
 * Per Area slot of a decision counted without writing ({@link turnClashCount}) and without
 * recorded Swarms: the order of its Clash codes when the team's shape gives them
 * (`shapeClashOrder`, clash-codes.ts: one array read instead of a kept entry's table lookup), or null.
 */
const slotOrder: (Int32Array | null)[] = [];

/**
 * Per Area slot of the decision: how many member codes each of its acting members has (moves,
 * interacts, Hold), as {@link memberCodeCount} worked them out; read by {@link memberCodeAt}
 * while `perCounted` (cleared when a decision starts), else worked out again.
 */
let slotPer = new Int32Array(8);
let perCounted = false;

/**
 * A turn decision's start: clears `buf`, starts the Swarm modes afresh, groups the turn and goes
 * through its Areas with enemies (R3.1). Writes the Clash codes to `buf`, with each Area's team,
 * when `write` (or when nothing is kept for the setup); else leaves each Area's kept entry in
 * `slotEntry`. Returns the number of Clash codes.
 */
function clashSlots(s: BattleState, c: Compiled, buf: ActionBuffer, write: boolean): number {
  buf.clear();
  freshSwarmModes(c);
  perCounted = false;
  const n = groupTurn(s, c);
  const keep = startKeeping(c);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const nt = enemyStart[i + 1]! - enemyStart[i]!;
    slotClashes[i] = 0;
    if (nt === 0) continue;
    const na = slotStart[i + 1]! - slotStart[i]!;
    if (!keep) {
      clashCodes(s, c, slotArea[i]!, slotMembers, slotStart[i]!, na, slotEnemies, enemyStart[i]!, nt, buf);
      continue;
    }
    const order = !write && !buf.swarmsRecorded ? shapeClashOrder(s, c, slotArea[i]!, slotOwn[i]!, slotMembers, slotStart[i]!, na, nt) : null;
    slotOrder[i] = order;
    if (order !== null) {
      slotClashes[i] = order.length;
      total += order.length;
      continue;
    }
    const entry = keptClashCodes(s, c, slotArea[i]!, slotOwn[i]!, slotFoe[i]!, slotMembers, slotStart[i]!, na, slotEnemies, enemyStart[i]!, nt, buf, write);
    slotEntry[i] = entry;
    slotClashes[i] = keptN;
    total += keptN;
    if (write) keptWrite(entry, buf);
  }
  clashesKept = keep && !write;
  return clashesKept ? total : buf.count;
}

/**
 * Starts a turn decision: clears `buf`, starts the Swarm modes afresh and writes the turn's Clash
 * codes, Area by Area (R3.1) — the first codes of {@link enumerateActions}. Returns their number;
 * the member codes after them are {@link memberCodeCount} / {@link memberCodeAt} or
 * {@link memberCodes}, for this same decision. Only for a state in the `turn` phase.
 */
export function turnClashCodes(s: BattleState, c: Compiled, buf: ActionBuffer): number {
  return clashSlots(s, c, buf, true);
}

/**
 * {@link turnClashCodes} without writing the codes (a bot that applies one of them): starts the
 * turn decision and returns the number of Clash codes; code k is {@link turnClashCodeAt}, the code
 * {@link turnClashCodes} writes k-th. `buf.codes` is not the enumeration after it, and only the
 * team of the Area of the code read last is sure to be set in `buf`.
 */
export function turnClashCount(s: BattleState, c: Compiled, buf: ActionBuffer): number {
  return clashSlots(s, c, buf, false);
}

/** Clash code `k` (below {@link turnClashCount}) of the decision started by {@link turnClashCount} with `buf`; sets its Area's team in `buf`. */
export function turnClashCodeAt(k: number, buf: ActionBuffer): number {
  if (!clashesKept) return buf.codes[k]!;
  let left = k;
  for (let i = 0; i < slots; i++) {
    const n = slotClashes[i]!;
    if (left >= n) {
      left -= n;
      continue;
    }
    buf.setTeam(slotArea[i]!, slotMembers, slotStart[i]!, slotStart[i + 1]! - slotStart[i]!, slotEnemies, enemyStart[i]!, enemyStart[i + 1]! - enemyStart[i]!);
    const order = slotOrder[i]!;
    if (order !== null) return pack(ACT.clash, slotArea[i]!, order[left]! >> 1, order[left]! & 1);
    return keptCode(slotEntry[i]!, left);
  }
  throw new Error(`turnClashCodeAt: no Clash code ${k} in this decision`);
}

/** Member codes (R8, R9, R2.4) of the decision started by {@link turnClashCodes}: per acting member, Area by Area, its moves (R8.2: as `destinations` lists them), interacts and Hold. */
function memberCodes(s: BattleState, c: Compiled, buf: ActionBuffer): void {
  for (let i = 0; i < slots; i++) {
    const area = slotArea[i]!;
    const enemies = enemyStart[i + 1]! > enemyStart[i]!;
    const moves = c.moveTo[area]!;
    const objectives = c.interactAt[area]!;
    for (let x = slotStart[i]!; x < slotStart[i + 1]!; x++) {
      const m = slotMembers[x]!;
      for (let j = 0; j < moves.length; j++) buf.push(pack(ACT.move, m, moves[j]!, 0));
      for (let j = 0; j < objectives.length; j++) if (canInteract(s, c, m, objectives[j]!, enemies)) buf.push(pack(ACT.interact, m, objectives[j]!, 0));
      buf.push(pack(ACT.hold, m, 0, 0));
    }
  }
}

/**
 * Interacts open to the acting members of Area slot `i` (R9.1): objectives of its Area that the
 * slot's first member may interact with. `canInteract` reads a member's Area and side only, which
 * every acting member of a slot shares, so each of them has these.
 */
function slotInteracts(s: BattleState, c: Compiled, i: number): number {
  const objectives = c.interactAt[slotArea[i]!]!;
  if (objectives.length === 0) return 0;
  const m = slotMembers[slotStart[i]!]!;
  const enemies = enemyStart[i + 1]! > enemyStart[i]!;
  let n = 0;
  for (let j = 0; j < objectives.length; j++) if (canInteract(s, c, m, objectives[j]!, enemies)) n++;
  return n;
}

/**
 * Number of member codes of the decision started by {@link turnClashCodes} (or {@link turnClashCount}), without writing them: per Area slot, each acting member's moves, the slot's interacts and a Hold.
 */
export function memberCodeCount(s: BattleState, c: Compiled): number {
  if (slotPer.length < slots) slotPer = new Int32Array(2 * slots);
  let n = 0;
  for (let i = 0; i < slots; i++) {
    const per = c.moveTo[slotArea[i]!]!.length + slotInteracts(s, c, i) + 1;
    slotPer[i] = per;
    n += (slotStart[i + 1]! - slotStart[i]!) * per;
  }
  perCounted = true;
  return n;
}

/**
 * Member code `k` (0 ≤ k < {@link memberCodeCount}) of the decision started by {@link turnClashCodes}: the code {@link memberCodes} writes k-th.
 * Each slot's codes per member are those {@link memberCodeCount} counted for this decision, when it did, else worked out here.
 */
export function memberCodeAt(s: BattleState, c: Compiled, k: number): number {
  let left = k;
  for (let i = 0; i < slots; i++) {
    const area = slotArea[i]!;
    const moves = c.moveTo[area]!;
    // Every acting member of the slot has as many codes: its moves, the interacts, its Hold.
    const per = perCounted ? slotPer[i]! : moves.length + slotInteracts(s, c, i) + 1;
    const interacts = per - moves.length - 1;
    const na = slotStart[i + 1]! - slotStart[i]!;
    if (left >= na * per) {
      left -= na * per;
      continue;
    }
    const m = slotMembers[slotStart[i]! + Math.floor(left / per)]!;
    left %= per;
    if (left < moves.length) return pack(ACT.move, m, moves[left]!, 0);
    left -= moves.length;
    if (left === interacts) return pack(ACT.hold, m, 0, 0);
    const objectives = c.interactAt[area]!;
    const enemies = enemyStart[i + 1]! > enemyStart[i]!;
    for (let j = 0; j < objectives.length; j++) {
      if (!canInteract(s, c, m, objectives[j]!, enemies)) continue;
      if (left === 0) return pack(ACT.interact, m, objectives[j]!, 0);
      left--;
    }
  }
  throw new Error(`memberCodeAt: no member code ${k} in this decision`);
}

/** Distinct targets of the pending Clash in pair order, and the ready ones among them. */
export function pendingTargets(s: BattleState, c: Compiled): { targets: number[]; ready: number[] } {
  const w = clashOf(s);
  const out = Array.from(w.targets.subarray(0, w.targetCount));
  return { targets: out, ready: out.filter((t) => isReady(s, c, t)) };
}

/** Cuts `a` to its first `n` entries (`n` ≤ its length) by pops, which the compiler inlines. */
const cutTo = (a: number[], n: number): void => {
  while (a.length > n) a.pop();
};

/** Response codes (R3.2, R3.3): defend/absorb combinations, then single interceptions. */
function responseCodes(s: BattleState, c: Compiled, buf: ActionBuffer): void {
  // The pending Clash's distinct targets in pair order and the ready ones, into the buffer's own
  // arrays (read by decodeAction / applyCode of this decision only).
  // Written in place, then cut to length by pops (a `length` store is a call, slow even to the
  // same value): `length = 0` would drop the arrays' storage every decision.
  const tg = buf.targets;
  const ready = buf.ready;
  const w = clashOf(s);
  for (let i = 0; i < w.targetCount; i++) tg[i] = w.targets[i]!;
  cutTo(tg, w.targetCount);
  let nr = 0;
  for (let i = 0; i < w.targetCount; i++) if (isReady(s, c, tg[i]!)) ready[nr++] = tg[i]!;
  cutTo(ready, nr);
  if (ready.length <= RESPONSE_SUBSET_LIMIT) {
    buf.pushEach(ACT.respond, 1 << ready.length);
  } else {
    buf.push(pack(ACT.respond, 1, 0, 0));
    buf.push(pack(ACT.respond, 2, 0, 0));
    for (let i = 0; i < ready.length; i++) buf.push(pack(ACT.respond, 3, i, 0));
  }
  if (c.interception === true) interceptCodes(s, c, buf, tg);
}

/** The single interceptions of the pending Clash's targets `tg` (R3.3), after {@link responseCodes}' defend/absorb codes. */
function interceptCodes(s: BattleState, c: Compiled, buf: ActionBuffer, tg: number[]): void {
  const w = clashOf(s);
  for (const t of tg) {
    const side = c.sideOf[t]!;
    for (let m = c.first[side]!; m < c.end[side]!; m++) if (mayIntercept(s, c, m, t, w.targets, w.targetCount)) buf.push(pack(ACT.intercept, t, m, 0));
  }
}

/**
 * Writes a code for every legal action of the deciding side into `buf` (cleared first), in the
 * order of `legalActions`; returns their number (0 once the battle is over). `listed` supplies
 * the actions of decisions without a compact code (phased declarations and drops).
 */
export function enumerateActions(s: BattleState, c: Compiled, buf: ActionBuffer, listed: (s: BattleState, c: Compiled) => Action[]): number {
  if (s.phase === 'turn') {
    turnClashCodes(s, c, buf);
    memberCodes(s, c, buf);
    return buf.count;
  }
  buf.clear();
  freshSwarmModes(c);
  if (s.phase === 'ended') return 0;
  if (s.phase === 'respond') responseCodes(s, c, buf);
  else if (s.phase !== 'swarmLoss') for (const a of listed(s, c)) buf.pushListed(a);
  else {
    const w = clashOf(s);
    for (let i = 0; i < w.lossCount; i++) buf.push(pack(ACT.swarmLoss, w.loss[i]!, 0, 0));
  }
  return buf.count;
}

/** Defend/absorb by target key, targets in pair order (R3.2). */
const responsesOf = (c: Compiled, tg: number[], defend: (t: number) => boolean): Record<string, 'defend' | 'absorb'> => {
  const r: Record<string, 'defend' | 'absorb'> = {};
  for (const t of tg) r[c.members[t]!.key] = defend(t) ? 'defend' : 'absorb';
  return r;
};

/** A Clash action from attacker/target pairs, with its largest Swarms when `swarms`. */
const clashAction = (s: BattleState, c: Compiled, att: ArrayLike<number>, tgt: ArrayLike<number>, k: number, swarms: boolean): Action => {
  const side = s.setup.sides[s.side]!.id;
  const attacks: AttackDecl[] = [];
  for (let i = 0; i < k; i++) attacks.push({ attacker: c.members[att[i]!]!.key, target: c.members[tgt[i]!]!.key });
  return swarms ? { type: 'clash', side, attacks, swarms: swarmsOf(s, c, att, tgt, k) } : { type: 'clash', side, attacks };
};

/** The action of a code enumerated for state `s` (and `buf`, for listed codes). */
export function decodeAction(s: BattleState, c: Compiled, code: number, buf: ActionBuffer): Action {
  const side = s.setup.sides[s.side]!.id;
  const a = argA(code);
  const b = argB(code);
  switch (kindOf(code)) {
    case ACT.hold:
      return { type: 'hold', side, member: c.members[a]!.key };
    case ACT.move:
      return { type: 'move', side, member: c.members[a]!.key, to: s.setup.areas[b]!.id };
    case ACT.interact:
      return { type: 'interact', side, member: c.members[a]!.key, objective: c.objectives[b]!.def.id };
    case ACT.clash:
    case ACT.clashPair:
    case ACT.clashAll: {
      const out = { att: new Int32Array(4), tgt: new Int32Array(4) };
      const k = attacksOf(code, buf, out);
      return clashAction(s, c, out.att, out.tgt, k, argC(code) === 1);
    }
    case ACT.respond: {
      const { targets: tg, ready } = buf;
      const defend = a === 0 ? (t: number) => ((b >> ready.indexOf(t)) & 1) === 1 && ready.includes(t) : a === 1 ? () => false : a === 2 ? (t: number) => ready.includes(t) : (t: number) => t === ready[b];
      return { type: 'respond', side, responses: responsesOf(c, tg, defend) };
    }
    case ACT.intercept: {
      const { targets: tg, ready } = buf;
      const responses = responsesOf(c, tg, (t) => ready.includes(t) && t !== a && t !== b);
      delete responses[c.members[a]!.key];
      return { type: 'respond', side, responses, interceptors: { [c.members[a]!.key]: c.members[b]!.key } };
    }
    case ACT.swarmLoss:
      return { type: 'swarmLoss', side, member: c.members[a]!.key };
    default:
      return buf.listed[a]!;
  }
}
