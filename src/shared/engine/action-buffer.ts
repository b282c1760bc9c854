/**
 * The format of action codes (R2.4, R3, R6, R8, R9) and the reused buffer they are enumerated
 * into. A code packs a kind (0..15) and up to three small arguments (member, Area, objective
 * indices, an assignment number or a response mask; below 4,096, below 16,384, and 0 or 1) into
 * one small integer (31 bits), so that reading its parts is integer arithmetic.
 * Decisions without a compact form (phased declarations and drops, R12) are `LISTED`: the code
 * names an entry of the buffer's list of ready-made actions.
 */
import type { Action } from './types';

/** Per Area, every attacker→target assignment is listed when there are at most this many. */
export const CLASH_ASSIGNMENT_CAP = 64;
/** Every defend/absorb combination is listed for at most this many ready targets. */
export const RESPONSE_SUBSET_LIMIT = 6;

/**
 * Kinds of action codes (the low 4 bits). A const enum: esbuild writes its members as literals,
 * where an object's field is a context load, a map check and a load at each use (codes are made
 * and read at every decision).
 */
export const enum ACT {
  /** a: member. */
  hold = 0,
  /** a: member, b: destination Area. */
  move = 1,
  /** a: member, b: objective. */
  interact = 2,
  /** a: Area, b: assignment number (see {@link clashAssignment}), c: 1 with the largest Swarms declared. */
  clash = 3,
  /** a: attacker, b: target, c: 1 with Swarms (CLASH_ASSIGNMENT_CAP exceeded). */
  clashPair = 4,
  /** a: Area, b: target, c: 1 with Swarms — every ready member of the Area on one target (cap exceeded). */
  clashAll = 5,
  /** a: 0 defend the ready targets in mask b, 1 none defends, 2 all ready defend, 3 only ready target b defends. */
  respond = 6,
  /** a: target, b: interceptor; every other ready target defends (R3.3). */
  intercept = 7,
  /** a: member taking a Swarm's loss (R6.3 chosen). */
  swarmLoss = 8,
  /** a: index of a ready-made action in the buffer's `listed`. */
  listed = 9,
}

/**
 * Limits of a code's first and second arguments (its third is 0 or 1): with the kind, 31 bits — a
 * small integer. A const enum: esbuild writes its members as literals, where a module `const` is a
 * context load at each use (codes are packed and read at every decision).
 */
const enum LIMIT {
  a = 4096,
  b = 16_384,
}
/**
 * Packs a kind and its arguments into a code (throws past the limits: a battle beyond the codes).
 * The throw is out of line ({@link beyondCodes}): small, `pack` is inlined where codes are made.
 */
export const pack = (kind: number, a: number, b: number, c: number): number => {
  if (a >= LIMIT.a || b >= LIMIT.b) beyondCodes(a, b);
  return kind | (a << 4) | (b << 16) | (c << 30);
};
/** Throws {@link pack}'s error for arguments `a`, `b` past the limits. */
function beyondCodes(a: number, b: number): never {
  throw new Error(`action code argument out of range (${a}, ${b}): a battle this large is beyond the engine's action codes`);
}
/** The kind of a code. */
export const kindOf = (code: number): number => code & 15;
/** First, second and third argument of a code. */
export const argA = (code: number): number => (code >> 4) & (LIMIT.a - 1);
export const argB = (code: number): number => (code >> 16) & (LIMIT.b - 1);
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
  teamAt = new Int32Array(8).fill(-1);
  teamNa = new Int32Array(8);
  teamNt = new Int32Array(8);
  private teamEnd = 0;
  /** The Areas given a team since the last {@link clear} (their `teamAt` entries are reset there, the others stay −1). */
  private teamAreas = new Int32Array(8);
  private teamCount = 0;
  /** Targets of the pending Clash in pair order, and the ready ones among them (respond codes). */
  targets: number[] = [];
  ready: number[] = [];
  /**
   * Whether the enumeration records the Swarms each Swarm-variant Clash code declares (R6.1), for a
   * bot that reads them (`recordedSwarms`, swarm-records.ts) instead of finding them again; off by
   * default (recording costs a bot that does not read them). Read when the buffer is cleared.
   */
  recordSwarms = false;
  /** {@link recordSwarms} as it was when this decision was enumerated. */
  swarmsRecorded = false;
  /**
   * The recorded Swarms: `swarmRef[i]` for Swarm-variant code i is ≥ 0, an offset into
   * `swarmTable`, or −1 − an offset into the shared table of plain teams' Swarms (team positions,
   * swarm-records.ts). A record is the number of Swarms, then per Swarm its size and its members
   * in ascending order (member indices in `swarmTable`).
   */
  swarmRef = new Int32Array(64);
  swarmTable = new Int32Array(64);
  private swarmEnd = 0;

  /** Empties the buffer. */
  clear(): void {
    this.count = 0;
    this.teamEnd = 0;
    this.swarmEnd = 0;
    this.swarmsRecorded = this.recordSwarms;
    const at = this.teamAt;
    for (let i = 0; i < this.teamCount; i++) at[this.teamAreas[i]!] = -1;
    this.teamCount = 0;
    if (this.listed.length > 0) this.listed = [];
  }

  /** Records the team of Clash Area `area`: attackers `att[aat .. aat + na − 1]` and targets `tgt[tat .. tat + nt − 1]`, in member order. */
  setTeam(area: number, att: Int32Array, aat: number, na: number, tgt: Int32Array, tat: number, nt: number): void {
    const teams = this.openTeam(area, na, nt);
    const at = this.teamAt[area]!;
    for (let i = 0; i < na; i++) teams[at + i] = att[aat + i]!;
    for (let i = 0; i < nt; i++) teams[at + na + i] = tgt[tat + i]!;
  }

  /**
   * {@link setTeam} of a team given as member masks: attackers the `na` bits of `own`, targets the
   * `nt` bits of `foe`, each in member order, written straight into {@link teams} (no list to copy
   * from). Returns the attackers' offset there; the targets follow them.
   */
  setTeamBits(area: number, own: number, na: number, foe: number, nt: number): number {
    const teams = this.openTeam(area, na, nt);
    const at = this.teamAt[area]!;
    let x = at;
    for (let b = own; b !== 0; b &= b - 1) teams[x++] = 31 - Math.clz32(b & -b);
    for (let b = foe; b !== 0; b &= b - 1) teams[x++] = 31 - Math.clz32(b & -b);
    return at;
  }

  /**
   * Makes room for Area `area`'s team of `na` attackers and `nt` targets at the end of {@link teams}, records where and how large it is, and returns `teams`.
   * The growing is out of line ({@link growTeams}): small, this is inlined where teams are set.
   */
  private openTeam(area: number, na: number, nt: number): Int32Array {
    if (this.teamAt.length <= area || this.teams.length < this.teamEnd + na + nt || this.teamCount === this.teamAreas.length) this.growTeams(area, na + nt);
    if (this.teamAt[area]! < 0) this.teamAreas[this.teamCount++] = area;
    this.teamAt[area] = this.teamEnd;
    this.teamNa[area] = na;
    this.teamNt[area] = nt;
    this.teamEnd += na + nt;
    return this.teams;
  }

  /** Grows the team arrays (contents kept) for {@link openTeam}: per-Area entries up to Area `area`, `size` more team entries, one more Area. */
  private growTeams(area: number, size: number): void {
    if (this.teamAt.length <= area) {
      const at = new Int32Array(2 * area + 2).fill(-1);
      at.set(this.teamAt);
      this.teamAt = at;
      this.teamNa = grow(this.teamNa, at.length);
      this.teamNt = grow(this.teamNt, at.length);
    }
    if (this.teams.length < this.teamEnd + size) this.teams = grow(this.teams, 2 * (this.teamEnd + size));
    if (this.teamCount === this.teamAreas.length) this.teamAreas = grow(this.teamAreas, 2 * this.teamCount);
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

  /** Appends a Swarm-variant Clash code whose Swarms are record `ref` (see {@link swarmRef}). */
  pushSwarm(code: number, ref: number): void {
    this.push(code);
    if (this.swarmRef.length < this.codes.length) {
      const grown = new Int32Array(this.codes.length);
      grown.set(this.swarmRef);
      this.swarmRef = grown;
    }
    this.swarmRef[this.count - 1] = ref;
  }

  /** Entries of {@link swarmTable} in use (its records end here). */
  get swarmUsed(): number {
    return this.swarmEnd;
  }

  /**
   * Appends `n` codes kept from an earlier enumeration, `codes[at .. at + n − 1]`
   * (clash-code-cache.ts). With `refs` (the decision records Swarms), each Swarm-variant code's
   * record follows: `refs[at + i]` < 0 as is (a plain team's shared record), else an offset into
   * the records `table[tableAt .. tableAt + tableLen − 1]`, which are appended to {@link swarmTable}.
   */
  pushKept(codes: Int32Array, at: number, n: number, refs: Int32Array | null, table: Int32Array, tableAt: number, tableLen: number): void {
    const to = this.count;
    const out = this.codeRoom(n);
    for (let i = 0; i < n; i++) out[to + i] = codes[at + i]!;
    this.count = to + n;
    if (refs === null) return;
    if (this.swarmRef.length < this.codes.length) {
      const grown = new Int32Array(this.codes.length);
      grown.set(this.swarmRef);
      this.swarmRef = grown;
    }
    const base = this.swarmEnd;
    const into = this.swarmRoom(tableLen);
    for (let i = 0; i < tableLen; i++) into[base + i] = table[tableAt + i]!;
    this.swarmEnd = base + tableLen;
    const ref = this.swarmRef;
    for (let i = 0; i < n; i++) if (argC(codes[at + i]!) === 1) ref[to + i] = refs[at + i]! < 0 ? refs[at + i]! : refs[at + i]! + base;
  }

  /**
   * Appends `pack(kind, 0, b, 0)` for b = 0 .. n − 1, in that order (respond codes by defender mask,
   * R3.2): the room made once, each code written straight into {@link codes}.
   */
  pushEach(kind: number, n: number): void {
    const to = this.count;
    const out = this.codeRoom(n);
    for (let b = 0; b < n; b++) out[to + b] = pack(kind, 0, b, 0);
    this.count = to + n;
  }

  /** {@link codes}, grown (contents kept) to hold `n` more codes after the last one. */
  private codeRoom(n: number): Int32Array {
    if (this.codes.length < this.count + n) this.codes = grow(this.codes, 2 * (this.count + n));
    return this.codes;
  }

  /** {@link swarmTable}, grown (contents kept) to hold `size` more entries after the last record. */
  private swarmRoom(size: number): Int32Array {
    if (this.swarmTable.length < this.swarmEnd + size) this.swarmTable = grow(this.swarmTable, 2 * (this.swarmEnd + size));
    return this.swarmTable;
  }

  /**
   * Records `n` Swarms, Swarm i being `members[start[i] .. start[i + 1] − 1]` (the layout
   * `findSwarms` writes), in {@link swarmTable}; returns the record's offset.
   */
  recordFound(members: ArrayLike<number>, start: ArrayLike<number>, n: number): number {
    const at = this.swarmEnd;
    const table = this.swarmRoom(1 + n + start[n]! - start[0]!);
    let x = at;
    table[x++] = n;
    for (let i = 0; i < n; i++) {
      table[x++] = start[i + 1]! - start[i]!;
      for (let j = start[i]!; j < start[i + 1]!; j++) table[x++] = members[j]!;
    }
    this.swarmEnd = x;
    return at;
  }

  /**
   * Records the Swarms of record `from` of `table` whose members are positions in the team
   * `team[teamAt ..]` (an `assignmentSwarms` record), as member indices in {@link swarmTable};
   * returns the new record's offset.
   */
  recordTeamSwarms(table: Int32Array, from: number, end: number, team: ArrayLike<number>, teamAt: number): number {
    const at = this.swarmEnd;
    const out = this.swarmRoom(end - from);
    let x = from;
    let y = at;
    const n = table[x++]!;
    out[y++] = n;
    for (let w = 0; w < n; w++) {
      const k = table[x++]!;
      out[y++] = k;
      for (let j = 0; j < k; j++) out[y++] = team[teamAt + table[x++]!]!;
    }
    this.swarmEnd = y;
    return at;
  }

  /** Appends a ready-made action (a `LISTED` code). */
  pushListed(action: Action): void {
    this.push(pack(ACT.listed, this.listed.length, 0, 0));
    this.listed.push(action);
  }
}

/** `a`'s contents in a new array of the same kind with room for `size` entries (`size` ≥ `a.length`). */
export function grow<T extends Int32Array | Uint8Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

/** `a` when it holds `n` entries, else a larger array (contents not kept). */
export const fit = (a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> => (a.length >= n ? a : new Int32Array(Math.max(n, a.length * 2)));
