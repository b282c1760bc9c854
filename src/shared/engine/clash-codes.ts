/**
 * Clash codes (R3.1, R6.1): the attacker→target assignments of one Area, each with its Swarm
 * variant, and the attacks a Clash code stands for.
 */
import type { Compiled } from './compiled';
import { ACT, CLASH_ASSIGNMENT_CAP, argA, argB, fit, kindOf, pack } from './action-buffer';
import type { ActionBuffer } from './action-buffer';
import { findSwarms, plainSwarmArea, plainSwarmMode, swarmMembers, swarmMode, swarmStart } from './swarm-groups';
import { assignmentSwarms, choicesOf, plainOrder } from './swarm-records';
import { MAX_BITS } from './turn-index';
import type { BattleState } from './types';

/** Scratch of the Clash codes (module-level: enumeration never re-enters). */
let assigned = new Int32Array(32);

/**
 * The attacks of assignment number `code` (1 ≤ code < options^attackers) of `na` attackers
 * (`attackers[at ..]`) over `nt` targets (`tgts[tat ..]`): attacker i's choice is digit i of
 * `code` in base nt + 1 (0: not committed).
 * Writes attacker/target pairs into `out` (even/odd slots); returns their count.
 */
export function clashAssignment(code: number, attackers: ArrayLike<number>, at: number, na: number, tgts: ArrayLike<number>, tat: number, nt: number, out: Int32Array): number {
  const options = nt + 1;
  let x = code;
  let k = 0;
  for (let i = 0; i < na; i++) {
    const choice = x % options;
    x = Math.floor(x / options);
    if (choice > 0) {
      out[2 * k] = attackers[at + i]!;
      out[2 * k + 1] = tgts[tat + choice - 1]!;
      k++;
    }
  }
  return k;
}

let attA = new Int32Array(16);
let attT = new Int32Array(16);

/** Per assignment number below `total` in base `options`: how many attackers it commits (non-zero digits). */
const committedTables = new Map<number, Uint8Array>();
const committedBy = (options: number, total: number): Uint8Array => {
  const key = options * 1024 + total;
  let table = committedTables.get(key);
  if (table === undefined) {
    table = new Uint8Array(total);
    for (let code = 1; code < total; code++) table[code] = table[Math.floor(code / options)]! + (code % options !== 0 ? 1 : 0);
    committedTables.set(key, table);
  }
  return table;
};

/** Per team attacker i and target j (`i * nt + j`) of the Area being enumerated: its Swarm mode (1 joins its die's group, 2 always, 3 never). */
let teamMode = new Uint8Array(64);
/** Per team attacker: the first attacker of the team with the same die (its die group's name). */
let dieRep = new Int32Array(16);
/** Per target j and die group r (`j * na + r`): committed attackers of the group on j; per target: attackers that always Swarm. */
let tally = new Int32Array(64);
let wild = new Int32Array(16);

/**
 * True when assignment `code` (digits in base nt + 1) of the team has a Swarm (R6.1): some target
 * with `min` attackers among one die group plus those that always Swarm — exactly when
 * {@link findSwarms} finds one (for `min` ≥ 1), without listing it. Reads `teamMode` / `dieRep`.
 */
function hasSwarm(code: number, na: number, nt: number, min: number): boolean {
  const options = nt + 1;
  let x = code;
  for (let i = 0; i < na; i++) {
    const choice = x % options;
    x = (x - choice) / options;
    if (choice === 0) continue;
    const j = choice - 1;
    const mode = teamMode[i * nt + j]!;
    if (mode === 2) wild[j]!++;
    else if (mode === 1) tally[j * na + dieRep[i]!]!++;
  }
  let found = false;
  x = code;
  for (let i = 0; i < na; i++) {
    const choice = x % options;
    x = (x - choice) / options;
    if (choice === 0) continue;
    const j = choice - 1;
    const mode = teamMode[i * nt + j]!;
    if (wild[j]! + (mode === 1 ? tally[j * na + dieRep[i]!]! : 0) >= min) found = true;
  }
  x = code;
  for (let i = 0; i < na; i++) {
    const choice = x % options;
    x = (x - choice) / options;
    if (choice === 0) continue;
    wild[choice - 1] = 0;
    tally[(choice - 1) * na + dieRep[i]!] = 0;
  }
  return found;
}

/**
 * Fills `dieRep` for the team's attackers `members[at .. at + na − 1]` (attacker i's die group
 * named by the first attacker with its die) and returns true when every one's Swarm mode is the
 * plain one (R11: no `swarm` effect of its own or its Area's).
 */
function dieGroups(s: BattleState, c: Compiled, members: Int32Array, at: number, na: number): boolean {
  dieRep = fit(dieRep, na);
  let plain = true;
  for (let i = 0; i < na; i++) {
    let r = 0;
    while (c.dieKey[members[at + r]!] !== c.dieKey[members[at + i]!]) r++;
    dieRep[i] = r;
    if (plain && !plainSwarmMode(s, c, members[at + i]!)) plain = false;
  }
  return plain;
}

/** options^na (each of `na` attackers: no target, or one of options − 1), or a number past the cap once it exceeds it (no overflow). */
function assignments(na: number, options: number): number {
  let total = 1;
  for (let i = 0; i < na && total <= CLASH_ASSIGNMENT_CAP + 1; i++) total *= options;
  return total;
}

/** Most members a side may have for {@link shapeClashOrder}'s table (2 × 2^10 × (n + 1) entries at most). */
const SHAPE_SIDE_BITS = 10;
/** The setup {@link shapeClashOrder}'s table is for, and its table, by (side, acting members, targets). */
let shapesFor: Compiled | null = null;
let shapeOrders: (Int32Array | null | undefined)[] = [];
let shapeStride = 0;
/** Bits of a side's member mask in the table's key: the larger side's size (the table holds exactly its keys). */
let shapeSideBits = 0;

/** Starts {@link shapeClashOrder}'s table for setup `c` (empty when a side has too many members or masks do not fit). */
function startShapes(c: Compiled): void {
  shapesFor = c;
  const size = Math.max(c.end[0] - c.first[0], c.end[1] - c.first[1]);
  const fits = size <= SHAPE_SIDE_BITS && c.n <= MAX_BITS;
  shapeStride = c.n + 1;
  shapeSideBits = size;
  shapeOrders = fits ? new Array<Int32Array | null | undefined>(2 * (1 << size) * shapeStride).fill(undefined) : [];
}

/**
 * The Clash codes of a team that follow from its shape: Area `area`'s acting members
 * `members[at .. at + na − 1]` (mask `own`) over `nt` active enemies (R3.1, R6.1), when
 * {@link clashCodes} lists every assignment (no more than the cap) and Swarms need at least one
 * attacker (`swarm.minSize` ≥ 1). With fewer attackers than a Swarm needs, every assignment and no
 * Swarm variant, whatever the Swarm modes; with enough, a plain team's (neither an attacker nor the
 * Area has a `swarm` effect, R11: every attacker joins its die's group) — its codes follow from how
 * many attackers and targets there are and which attackers share a die. `clashCodes` writes code i
 * (Swarms not recorded) as `pack(ACT.clash, area, order[i] >> 1, order[i] & 1)` of the order
 * returned here. Null for any other team, or when `own` is 0 (too many members for masks). Kept per
 * setup by (side, acting members, targets): one array read. Read-only.
 */
export function shapeClashOrder(s: BattleState, c: Compiled, area: number, own: number, members: Int32Array, at: number, na: number, nt: number): Int32Array | null {
  if (shapesFor !== c) startShapes(c);
  if (own === 0 || shapeOrders.length === 0) return null;
  // The key has no Area: an Area's own `swarm` effects matter once there are enough attackers for a Swarm.
  if (!plainSwarmArea(c, area) && na >= s.setup.ruleset.swarm.minSize) return null;
  const side = c.sideOf[members[at]!]!;
  // Within the table's length: a key past it would turn the array into a slow dictionary.
  const key = ((side << shapeSideBits) + (own >>> c.first[side])) * shapeStride + nt;
  let order = shapeOrders[key];
  if (order === undefined) {
    order = shapeOrder(s, c, members, at, na, nt);
    shapeOrders[key] = order;
  }
  return order;
}

/**
 * Below how many attackers a team's Clash codes are {@link shapeClashOrder}'s first case — every
 * assignment, no Swarm variant (R3.1, R6.1: no assignment commits enough attackers for a Swarm) —
 * so that {@link shortTeamCodes} counts them without the table: `swarm.minSize` when the table is
 * on for `c` and `minSize` ≥ 1, else 0 (no team).
 */
export function shortTeamSize(s: BattleState, c: Compiled): number {
  if (shapesFor !== c) startShapes(c);
  const min = s.setup.ruleset.swarm.minSize;
  return shapeOrders.length === 0 || min < 1 ? 0 : min;
}

/**
 * The number of Clash codes of a team of `na` attackers (fewer than {@link shortTeamSize}) over `nt`
 * active enemies, as {@link shapeClashOrder}'s order has them: assignments 1 .. total − 1, code i
 * being `pack(ACT.clash, area, i + 1, 0)`. −1 past the cap (the table has no order for it then).
 */
export function shortTeamCodes(na: number, nt: number): number {
  const total = assignments(na, nt + 1);
  return total - 1 > CLASH_ASSIGNMENT_CAP ? -1 : total - 1;
}

/** Length of {@link shapeClashOrder}'s table (tests: it never grows past its size for the setup). */
export const shapeTableLength = (): number => shapeOrders.length;

/** {@link shapeClashOrder} worked out: a team short of a Swarm in any Area, or one of enough attackers in an Area without `swarm` effects. */
function shapeOrder(s: BattleState, c: Compiled, members: Int32Array, at: number, na: number, nt: number): Int32Array | null {
  const min = s.setup.ruleset.swarm.minSize;
  const options = nt + 1;
  const total = assignments(na, options);
  if (min < 1 || total - 1 > CLASH_ASSIGNMENT_CAP) return null;
  if (na < min) {
    // No assignment commits enough attackers for a Swarm: assignments 1 .. total − 1, no variant.
    const order = new Int32Array(total - 1);
    for (let code = 1; code < total; code++) order[code - 1] = code * 2;
    return order;
  }
  return dieGroups(s, c, members, at, na) ? plainOrder(options, total, na, min, dieRep).order : null;
}

/**
 * Fills `dieRep` and, unless every attacker's Swarm mode is the plain one (no `swarm` effect of
 * its own or its Area's, R11: it joins its die's group against every target), `teamMode` for the
 * team `members[at .. at + na − 1]` × `enemies[et .. et + nt − 1]` (Swarm modes of the current
 * decision's state). Returns true when plain.
 */
function readTeam(s: BattleState, c: Compiled, members: Int32Array, at: number, na: number, enemies: Int32Array, et: number, nt: number): boolean {
  if (teamMode.length < na * nt) teamMode = new Uint8Array(2 * na * nt);
  tally = fit(tally, na * nt);
  wild = fit(wild, nt);
  if (dieGroups(s, c, members, at, na)) return true;
  for (let i = 0; i < na; i++) for (let j = 0; j < nt; j++) teamMode[i * nt + j] = swarmMode(s, c, members[at + i]!, enemies[et + j]!);
  return false;
}

/** Pushes Swarm-variant `code` of attacks `attA[i]` → `attT[i]` (i < k) when it has a Swarm (R6.1), with its Swarms when the buffer records them. */
function pushSwarmVariant(s: BattleState, c: Compiled, code: number, k: number, buf: ActionBuffer): void {
  const n = findSwarms(s, c, attA, attT, k);
  if (n === 0) return;
  if (buf.swarmsRecorded) buf.pushSwarm(code, buf.recordFound(swarmMembers, swarmStart, n));
  else buf.push(code);
}

/** Scratch of {@link mixedSwarmVariant}: the assignment's choices and its Swarms (team positions). */
let choices = new Int32Array(16);
let found = new Int32Array(32);

/** Pushes the Swarm variant of assignment `code` of a mixed team (`members[at ..]`; `teamMode` / `dieRep` read) when it has a Swarm (R6.1), with its Swarms recorded. */
function mixedSwarmVariant(area: number, code: number, members: Int32Array, at: number, na: number, nt: number, min: number, buf: ActionBuffer): void {
  choices = choicesOf(code, nt + 1, na, choices);
  found = fit(found, 1 + 2 * na);
  const end = assignmentSwarms(choices, na, nt, teamMode, dieRep, min, found, 0);
  if (end > 0) buf.pushSwarm(pack(ACT.clash, area, code, 1), buf.recordTeamSwarms(found, 0, end, members, at));
}

/**
 * Clash codes of one Area (R3.1) for its acting members `members[at .. at + na − 1]` and active
 * enemies `enemies[et .. et + nt − 1]` (read in place, e.g. from a turn's Area slots): every
 * assignment when few, else single pairs and all-on-one (each with its Swarm variant, R6.1).
 */
export function clashCodes(s: BattleState, c: Compiled, area: number, members: Int32Array, at: number, na: number, enemies: Int32Array, et: number, nt: number, buf: ActionBuffer): void {
  buf.setTeam(area, members, at, na, enemies, et, nt);
  const options = nt + 1;
  attA = fit(attA, na);
  attT = fit(attT, na);
  assigned = fit(assigned, 2 * na);
  // options^na assignments (each attacker: no target, or one of nt), counted without overflow past the cap.
  const total = assignments(na, options);
  if (total - 1 <= CLASH_ASSIGNMENT_CAP) {
    const min = s.setup.ruleset.swarm.minSize;
    const committed = committedBy(options, total);
    const fast = min >= 1 && na >= min;
    if (fast && readTeam(s, c, members, at, na, enemies, et, nt)) {
      const { order, groupAt } = plainOrder(options, total, na, min, dieRep);
      if (!buf.swarmsRecorded) {
        // The codes shapeClashOrder describes.
        for (let i = 0; i < order.length; i++) buf.push(pack(ACT.clash, area, order[i]! >> 1, order[i]! & 1));
        return;
      }
      for (let i = 0; i < order.length; i++) {
        const e = order[i]!;
        if ((e & 1) === 0) buf.push(pack(ACT.clash, area, e >> 1, 0));
        else buf.pushSwarm(pack(ACT.clash, area, e >> 1, 1), -1 - groupAt[i]!);
      }
      return;
    }
    for (let code = 1; code < total; code++) {
      buf.push(pack(ACT.clash, area, code, 0));
      // Fewer attackers committed than a Swarm needs (most assignments): no Swarm variant.
      if (committed[code]! < min) continue;
      if (fast && buf.swarmsRecorded) {
        mixedSwarmVariant(area, code, members, at, na, nt, min, buf);
        continue;
      }
      if (fast) {
        if (hasSwarm(code, na, nt, min)) buf.push(pack(ACT.clash, area, code, 1));
        continue;
      }
      const k = clashAssignment(code, members, at, na, enemies, et, nt, assigned);
      for (let i = 0; i < k; i++) {
        attA[i] = assigned[2 * i]!;
        attT[i] = assigned[2 * i + 1]!;
      }
      pushSwarmVariant(s, c, pack(ACT.clash, area, code, 1), k, buf);
    }
    return;
  }
  for (let i = 0; i < na; i++) {
    const m = members[at + i]!;
    for (let j = 0; j < nt; j++) {
      const t = enemies[et + j]!;
      attA[0] = m;
      attT[0] = t;
      buf.push(pack(ACT.clashPair, m, t, 0));
      pushSwarmVariant(s, c, pack(ACT.clashPair, m, t, 1), 1, buf);
    }
  }
  if (na > 1) {
    for (let j = 0; j < nt; j++) {
      const t = enemies[et + j]!;
      for (let i = 0; i < na; i++) {
        attA[i] = members[at + i]!;
        attT[i] = t;
      }
      buf.push(pack(ACT.clashAll, area, t, 0));
      pushSwarmVariant(s, c, pack(ACT.clashAll, area, t, 1), na, buf);
    }
  }
}

/**
 * The attacks of a Clash code (`ACT.clash`, `clashPair`, `clashAll`) enumerated into `buf`: writes
 * attacker i → target i into `att` / `tgt` (resized when short) and returns their number; whether
 * the code declares Swarms is `argC(code) === 1` (see {@link swarmsOf}).
 */
export function attacksOf(code: number, buf: ActionBuffer, out: { att: Int32Array<ArrayBuffer>; tgt: Int32Array<ArrayBuffer> }): number {
  const a = argA(code);
  const b = argB(code);
  const kind = kindOf(code);
  if (kind === ACT.clashPair) {
    out.att[0] = a;
    out.tgt[0] = b;
    return 1;
  }
  const at = buf.teamAt[a]!;
  const na = buf.teamNa[a]!;
  // Replaced only when short: a store of the same array still pays the write barrier's checks.
  if (out.att.length < na) out.att = fit(out.att, na);
  if (out.tgt.length < na) out.tgt = fit(out.tgt, na);
  if (kind === ACT.clashAll) {
    for (let i = 0; i < na; i++) {
      out.att[i] = buf.teams[at + i]!;
      out.tgt[i] = b;
    }
    return na;
  }
  if (assigned.length < 2 * na) assigned = fit(assigned, 2 * na);
  const k = clashAssignment(b, buf.teams, at, na, buf.teams, at + na, buf.teamNt[a]!, assigned);
  for (let i = 0; i < k; i++) {
    out.att[i] = assigned[2 * i]!;
    out.tgt[i] = assigned[2 * i + 1]!;
  }
  return k;
}

