/**
 * Legal decisions as small integers (R2.4, R3, R6, R8, R9): `enumerateActions` writes a code for
 * every legal action, in exactly the order `legalActions` lists them, into a reused buffer, and
 * `decodeAction` turns one code back into its `Action`. Bots pick among codes without building
 * action objects; `legalActions` is the same enumeration with every code decoded.
 *
 * A code packs a kind (0..15) and up to three small arguments (member, Area, objective indices,
 * an assignment number or a response mask; below 4,096, below 16,384, and 0 or 1) into one
 * small integer (31 bits), so that reading its parts is integer arithmetic.
 * Decisions without a compact form (phased declarations and drops, R12) are `LISTED`: the code
 * names an entry of the buffer's list of ready-made actions.
 */
import type { Compiled } from './compiled';
import { interceptorsFor } from './clash';
import { findSwarms, freshSwarmModes, swarmsOf } from './swarm-groups';
import { canInteract } from './objectives';
import { canTakeTurn, enemiesIn, isActive, isReady } from './state';
import type { Action, AttackDecl, BattleState } from './types';

/** Per Area, every attacker→target assignment is listed when there are at most this many. */
export const CLASH_ASSIGNMENT_CAP = 64;
/** Every defend/absorb combination is listed for at most this many ready targets. */
export const RESPONSE_SUBSET_LIMIT = 6;

/** Kinds of action codes (the low 4 bits). */
export const ACT = {
  /** a: member. */
  hold: 0,
  /** a: member, b: destination Area. */
  move: 1,
  /** a: member, b: objective. */
  interact: 2,
  /** a: Area, b: assignment number (see {@link clashAssignment}), c: 1 with the largest Swarms declared. */
  clash: 3,
  /** a: attacker, b: target, c: 1 with Swarms (CLASH_ASSIGNMENT_CAP exceeded). */
  clashPair: 4,
  /** a: Area, b: target, c: 1 with Swarms — every ready member of the Area on one target (cap exceeded). */
  clashAll: 5,
  /** a: 0 defend the ready targets in mask b, 1 none defends, 2 all ready defend, 3 only ready target b defends. */
  respond: 6,
  /** a: target, b: interceptor; every other ready target defends (R3.3). */
  intercept: 7,
  /** a: member taking a Swarm's loss (R6.3 chosen). */
  swarmLoss: 8,
  /** a: index of a ready-made action in the buffer's `listed`. */
  listed: 9,
} as const;

/** Limits of a code's first and second arguments (its third is 0 or 1): with the kind, 31 bits — a small integer. */
const A_LIMIT = 4096;
const B_LIMIT = 16_384;
const pack = (kind: number, a: number, b: number, c: number): number => {
  if (a >= A_LIMIT || b >= B_LIMIT) throw new Error(`action code argument out of range (${a}, ${b}): a battle this large is beyond the engine's action codes`);
  return kind | (a << 4) | (b << 16) | (c << 30);
};
/** The kind of a code. */
export const kindOf = (code: number): number => code & 15;
/** First, second and third argument of a code. */
export const argA = (code: number): number => (code >> 4) & (A_LIMIT - 1);
export const argB = (code: number): number => (code >> 16) & (B_LIMIT - 1);
export const argC = (code: number): number => code >> 30;

/**
 * A reused buffer of legal action codes and what they refer to: the actions of `LISTED` codes,
 * each Clash Area's team (members that may act, then active enemies) and the pending Clash's
 * targets. A code is only meaningful with the buffer (and state) it was enumerated from.
 */
export class ActionBuffer {
  codes = new Int32Array(64);
  count = 0;
  listed: Action[] = [];
  /** Teams of the Areas with Clash codes: attackers, then targets, from `teamAt[area]`. */
  teams = new Int32Array(32);
  teamAt = new Int32Array(8);
  teamNa = new Int32Array(8);
  teamNt = new Int32Array(8);
  private teamEnd = 0;
  /** Targets of the pending Clash in pair order, and the ready ones among them (respond codes). */
  targets: number[] = [];
  ready: number[] = [];

  /** Empties the buffer. */
  clear(): void {
    this.count = 0;
    this.teamEnd = 0;
    this.teamAt.fill(-1);
    if (this.listed.length > 0) this.listed = [];
  }

  /** Records the team of Clash Area `area` (attackers and targets, in member order). */
  setTeam(area: number, att: Int32Array, na: number, tgt: Int32Array, nt: number): void {
    if (this.teamAt.length <= area) {
      const at = new Int32Array(2 * area + 2).fill(-1);
      at.set(this.teamAt);
      this.teamAt = at;
      const a = new Int32Array(at.length);
      a.set(this.teamNa);
      this.teamNa = a;
      const t = new Int32Array(at.length);
      t.set(this.teamNt);
      this.teamNt = t;
    }
    if (this.teams.length < this.teamEnd + na + nt) {
      const grown = new Int32Array(2 * (this.teamEnd + na + nt));
      grown.set(this.teams);
      this.teams = grown;
    }
    this.teamAt[area] = this.teamEnd;
    this.teamNa[area] = na;
    this.teamNt[area] = nt;
    const teams = this.teams;
    const at = this.teamEnd;
    for (let i = 0; i < na; i++) teams[at + i] = att[i]!;
    for (let i = 0; i < nt; i++) teams[at + na + i] = tgt[i]!;
    this.teamEnd += na + nt;
  }

  /** Appends a code. */
  push(code: number): void {
    if (this.count === this.codes.length) {
      const grown = new Int32Array(this.codes.length * 2);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[this.count++] = code;
  }

  /** Appends a ready-made action (a `LISTED` code). */
  pushListed(action: Action): void {
    this.push(pack(ACT.listed, this.listed.length, 0, 0));
    this.listed.push(action);
  }
}

/** Scratch arrays of one enumeration (module-level: enumeration never re-enters). */
let areaOrder = new Int32Array(16);
let group = new Int32Array(16);
let targets = new Int32Array(16);
let assigned = new Int32Array(32);

const fit = (a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> => (a.length >= n ? a : new Int32Array(Math.max(n, a.length * 2)));

/** Per member, during one enumeration: 1 when it may take a turn now (R2.4). */
let canAct = new Uint8Array(16);

/** Number of `targets` found by the last {@link fillArea}. */
let areaTargets = 0;

/**
 * Members of the deciding side that may take a turn in Area `area` (`group`, member order, from
 * `canAct`) and active enemies there (`targets`, their count in `areaTargets`); returns the members' count.
 */
function fillArea(s: BattleState, c: Compiled, area: number): number {
  const from = c.first[s.side]!;
  const to = c.end[s.side]!;
  const efrom = c.first[1 - s.side]!;
  const eto = c.end[1 - s.side]!;
  group = fit(group, to - from);
  targets = fit(targets, eto - efrom);
  let na = 0;
  for (let m = from; m < to; m++) if (s.area[m] === area && canAct[m] === 1) group[na++] = m;
  let nt = 0;
  for (let e = efrom; e < eto; e++) if (s.area[e] === area && isActive(s, e)) targets[nt++] = e;
  areaTargets = nt;
  return na;
}

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

/** Clash codes of one Area (R3.1): every assignment when few, else single pairs and all-on-one (each with its Swarm variant, R6.1). */
function clashCodes(s: BattleState, c: Compiled, area: number, na: number, nt: number, buf: ActionBuffer): void {
  buf.setTeam(area, group, na, targets, nt);
  const options = nt + 1;
  attA = fit(attA, na);
  attT = fit(attT, na);
  assigned = fit(assigned, 2 * na);
  // options^na assignments (each attacker: no target, or one of nt), counted without overflow past the cap.
  let total = 1;
  for (let i = 0; i < na && total <= CLASH_ASSIGNMENT_CAP + 1; i++) total *= options;
  if (total - 1 <= CLASH_ASSIGNMENT_CAP) {
    const min = s.setup.ruleset.swarm.minSize;
    const committed = committedBy(options, total);
    for (let code = 1; code < total; code++) {
      buf.push(pack(ACT.clash, area, code, 0));
      // Fewer attackers committed than a Swarm needs (most assignments): no Swarm variant.
      if (committed[code]! < min) continue;
      const k = clashAssignment(code, group, 0, na, targets, 0, nt, assigned);
      for (let i = 0; i < k; i++) {
        attA[i] = assigned[2 * i]!;
        attT[i] = assigned[2 * i + 1]!;
      }
      if (findSwarms(s, c, attA, attT, k) > 0) buf.push(pack(ACT.clash, area, code, 1));
    }
    return;
  }
  for (let i = 0; i < na; i++) {
    for (let j = 0; j < nt; j++) {
      attA[0] = group[i]!;
      attT[0] = targets[j]!;
      buf.push(pack(ACT.clashPair, group[i]!, targets[j]!, 0));
      if (findSwarms(s, c, attA, attT, 1) > 0) buf.push(pack(ACT.clashPair, group[i]!, targets[j]!, 1));
    }
  }
  if (na > 1) {
    for (let j = 0; j < nt; j++) {
      for (let i = 0; i < na; i++) {
        attA[i] = group[i]!;
        attT[i] = targets[j]!;
      }
      buf.push(pack(ACT.clashAll, area, targets[j]!, 0));
      if (findSwarms(s, c, attA, attT, na) > 0) buf.push(pack(ACT.clashAll, area, targets[j]!, 1));
    }
  }
}

/** Turn codes (R2.4, R3, R8, R9): Clashes per Area, then per member its moves, interacts and Hold. */
function turnCodes(s: BattleState, c: Compiled, buf: ActionBuffer): void {
  const from = c.first[s.side]!;
  const to = c.end[s.side]!;
  areaOrder = fit(areaOrder, to - from);
  if (canAct.length < c.n) canAct = new Uint8Array(c.n);
  // Areas holding members that may act, in order of their first such member (as legalActions groups them).
  let areas = 0;
  for (let m = from; m < to; m++) {
    canAct[m] = canTakeTurn(s, c, m) ? 1 : 0;
    if (canAct[m] === 0) continue;
    const a = s.area[m]!;
    let known = false;
    for (let i = 0; i < areas && !known; i++) known = areaOrder[i] === a;
    if (!known) areaOrder[areas++] = a;
  }
  for (let i = 0; i < areas; i++) {
    const na = fillArea(s, c, areaOrder[i]!);
    const nt = areaTargets;
    if (nt > 0) clashCodes(s, c, areaOrder[i]!, na, nt, buf);
  }
  for (let i = 0; i < areas; i++) {
    const area = areaOrder[i]!;
    const enemies = enemiesIn(s, c, area, s.side);
    for (let m = from; m < to; m++) {
      if (s.area[m] !== area || canAct[m] === 0) continue;
      // Destinations (R8.2) as `destinations` lists them: linked Areas, or every other Area.
      const links = c.links[area];
      if (links !== null && links !== undefined) {
        for (const a of links) if (a !== area) buf.push(pack(ACT.move, m, a, 0));
      } else for (let a = 0; a < c.links.length; a++) if (a !== area) buf.push(pack(ACT.move, m, a, 0));
      for (let o = 0; o < c.objectives.length; o++) if (canInteract(s, c, m, o, enemies)) buf.push(pack(ACT.interact, m, o, 0));
      buf.push(pack(ACT.hold, m, 0, 0));
    }
  }
}

/** Distinct targets of the pending Clash in pair order, and the ready ones among them. */
export function pendingTargets(s: BattleState, c: Compiled): { targets: number[]; ready: number[] } {
  const out: number[] = [];
  for (const pair of s.pending!.pairs) if (!out.includes(pair.target)) out.push(pair.target);
  return { targets: out, ready: out.filter((t) => isReady(s, c, t)) };
}

/** Response codes (R3.2, R3.3): defend/absorb combinations, then single interceptions. */
function responseCodes(s: BattleState, c: Compiled, buf: ActionBuffer): void {
  const { targets: tg, ready } = pendingTargets(s, c);
  buf.targets = tg;
  buf.ready = ready;
  if (ready.length <= RESPONSE_SUBSET_LIMIT) {
    for (let mask = 0; mask < 1 << ready.length; mask++) buf.push(pack(ACT.respond, 0, mask, 0));
  } else {
    buf.push(pack(ACT.respond, 1, 0, 0));
    buf.push(pack(ACT.respond, 2, 0, 0));
    for (let i = 0; i < ready.length; i++) buf.push(pack(ACT.respond, 3, i, 0));
  }
  if (s.setup.ruleset.clash.interception) {
    for (const t of tg) for (const i of interceptorsFor(s, c, t, tg)) buf.push(pack(ACT.intercept, t, i, 0));
  }
}

/**
 * Writes a code for every legal action of the deciding side into `buf` (cleared first), in the
 * order of `legalActions`; returns their number (0 once the battle is over). `listed` supplies
 * the actions of decisions without a compact code (phased declarations and drops).
 */
export function enumerateActions(s: BattleState, c: Compiled, buf: ActionBuffer, listed: (s: BattleState, c: Compiled) => Action[]): number {
  buf.clear();
  freshSwarmModes(c);
  if (s.phase === 'ended') return 0;
  if (s.phase !== 'turn' && s.phase !== 'respond' && s.phase !== 'swarmLoss') {
    for (const a of listed(s, c)) buf.pushListed(a);
  } else if (s.phase === 'respond') responseCodes(s, c, buf);
  else if (s.phase === 'swarmLoss') for (const m of s.pending!.lossChoices) buf.push(pack(ACT.swarmLoss, m, 0, 0));
  else turnCodes(s, c, buf);
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
  out.att = fit(out.att, na);
  out.tgt = fit(out.tgt, na);
  if (kind === ACT.clashAll) {
    for (let i = 0; i < na; i++) {
      out.att[i] = buf.teams[at + i]!;
      out.tgt[i] = b;
    }
    return na;
  }
  assigned = fit(assigned, 2 * na);
  const k = clashAssignment(b, buf.teams, at, na, buf.teams, at + na, buf.teamNt[a]!, assigned);
  for (let i = 0; i < k; i++) {
    out.att[i] = assigned[2 * i]!;
    out.tgt[i] = assigned[2 * i + 1]!;
  }
  return k;
}

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
