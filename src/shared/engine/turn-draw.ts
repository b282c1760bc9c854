/**
 * A turn decision counted and one code drawn from it (R2.4, R3.1, R8, R9), for a bot that picks
 * uniformly over `legalActions`' list (bots/random.ts): {@link turnCodeCount} is the number of
 * codes `enumerateActions` writes for the turn and {@link turnCodeAt} its k-th code, with the
 * Clash team of that code's Area set in the buffer — the same count and the same index→code
 * mapping, so the same draws give the same actions.
 *
 * For the runner's tracked state (turn-index.ts) whose Clash codes are kept (clash-code-cache.ts)
 * and whose Swarms are not recorded, the turn is not grouped into member lists: the Areas are read
 * from the index's masks in the order `groupTurn` gives them (by their first acting member), an
 * Area's Clash codes are counted from its team's size when it is short of a Swarm (every
 * assignment, no variant: `shortTeamCodes`), else from a memo keyed by its team (Area, side, acting
 * members and active enemies as masks) — the number follows from the team alone for such a setup,
 * as the kept codes themselves do — and an Area's member codes are its acting members times
 * (moves + interacts + Hold). Only the drawn code's Area is listed; the buffer is cleared only when
 * a Clash code is computed or drawn, Swarm modes started afresh and the kept codes started only
 * when a kept entry may be computed (nothing else reads Swarm modes). Any other state goes through
 * the grouped enumeration (action-codes.ts).
 */
import { ACT, fit, pack } from './action-buffer';
import type { ActionBuffer } from './action-buffer';
import { memberCodeAt, memberCodeCount, turnClashCodeAt, turnClashCount } from './action-codes';
import { keepingFor, keepsCodes, keptClashCodes, keptCode, keptN, keptPlace, startKeeping } from './clash-code-cache';
import { shapeClashOrder, shortTeamCodes, shortTeamSize } from './clash-codes';
import type { Compiled } from './compiled';
import { interactOpen } from './objectives';
import { freshSwarmModes } from './swarm-groups';
import { IX, bitCount, ix, lowBit, turnIndexOf } from './turn-index';
import type { Rng } from './sim/seed';
import { memo, memoAt, memoFor, memoPut, memoRoom, startTeamMemo } from './team-memo';
import type { BattleState } from './types';

// The team memo (team-memo.ts); `limitTurnMemo` is re-exported for tests.
export { limitTurnMemo } from './team-memo';

/** The decision counted last: whether without grouping, and then its Areas (as `groupTurn` orders them) with their teams, Clash codes and member codes per acting member ({@link dt}). */
let lean = false;
/**
 * The draw's per-setup tables and the counted decision, in ONE fixed-size array {@link dt} (read
 * into a local once per call; each module-level typed array would cost a context load and a map
 * check at every touch), at fixed offsets — Areas and members are at most MAX_BITS (< `DT.stride`).
 * The offsets are a const enum: esbuild writes its members as literals (a module `const` would be
 * a context load too).
 */
const enum DT {
  /** Row length of the short-team table: more than any number of targets (member masks have at most MAX_BITS bits). */
  stride = 32,
  /**
   * `short + stride × attackers + targets` (set with the memo, per setup): {@link shortTeamCodes}
   * for a team of fewer attackers than the setup's {@link shortTeamSize} (every assignment, no
   * variant: counted and drawn without the memo or the shape table), else −1 (a larger team, or
   * past the cap: its codes are read from the memo, the shape table or the kept entry); 0 for no
   * targets (an Area with no active enemy has no Clash code: the count gives 0 without reading it).
   */
  short = 0,
  /**
   * `areaPer + Area` (set with the memo): its codes per acting member, moves + Hold (R8.2) — fixed
   * by the setup when the Area has no objective to interact with — or, when it has, `~`(moves +
   * Hold): its open interacts (R9.1) are added per decision.
   */
  areaPer = stride * stride,
  /** `moveN + Area` (set with the memo): the number of its Moves' destinations (R8.2). */
  moveN = areaPer + stride,
  /** `moves + stride × Area + j` (set with the memo): its Moves' j-th destination, as `c.moveTo`. */
  moves = moveN + stride,
  /**
   * From `rows`: the counted Areas, `row` entries each: Area, acting members, active enemies (masks),
   * its Clash codes, codes per acting member; they end at `dt[rowsEnd]`.
   */
  rows = moves + stride * stride,
  row = 5,
  rowsEnd = rows + row * stride,
  /** The decision's number of Clash codes (either path). */
  clashes = rowsEnd + 1,
  size = clashes + 1,
}
const dt = new Int32Array(DT.size);
/**
 * What the decision counted last has done of its setup, each at most once and only when needed:
 * `buf` cleared (before a team's Clash codes are computed or a Clash code is drawn), and Swarm
 * modes afresh with the kept codes started (only before a team's kept entry may be computed: a
 * team short of a Swarm, one whose codes its shape gives or one whose entry is kept (`keptPlace`)
 * needs neither — only computing an entry reads Swarm modes; applying a Swarm variant starts them
 * afresh itself). A member code reads none: applying or decoding it reads none of them.
 */
let codesReady = false;
let keptReady = false;
/** One Area's team listed in member order (a memo miss). */
let teamMembers = new Int32Array(16);
let teamEnemies = new Int32Array(16);

/** Starts the memo (empty) and the decision's arrays for setup `c`. */
function startMemo(s: BattleState, c: Compiled): void {
  startTeamMemo(c);
  const t = dt;
  for (let a = 0; a < c.moveTo.length; a++) {
    const moves = c.moveTo[a]!;
    const per = moves.length + 1;
    t[DT.areaPer + a] = c.interactAt[a]!.length === 0 ? per : ~per;
    t[DT.moveN + a] = moves.length;
    for (let j = 0; j < moves.length; j++) t[DT.moves + DT.stride * a + j] = moves[j]!;
  }
  teamMembers = fit(teamMembers, c.n);
  teamEnemies = fit(teamEnemies, c.n);
  const few = shortTeamSize(s, c);
  for (let na = 0; na < DT.stride; na++) {
    t[DT.short + DT.stride * na] = 0;
    for (let nt = 1; nt < DT.stride; nt++) t[DT.short + DT.stride * na + nt] = na >= 1 && na < few ? shortTeamCodes(na, nt) : -1;
  }
}

/** The decision's buffer cleared (once per decision: see {@link codesReady}). */
function prepareCodes(buf: ActionBuffer): void {
  if (codesReady === true) return;
  codesReady = true;
  buf.clear();
}

/** Swarm modes afresh and the kept codes started for the decision (once, before its first kept entry that may be computed: see {@link keptReady}). */
function prepareKept(c: Compiled): void {
  if (keptReady === true) return;
  keptReady = true;
  freshSwarmModes(c);
  startKeeping(c);
}

/** Lists masks `own` and `foe` into {@link teamMembers} / {@link teamEnemies} in member order. */
function listTeam(own: number, foe: number): void {
  let x = 0;
  for (let b = own; b !== 0; b &= b - 1) teamMembers[x++] = lowBit(b);
  x = 0;
  for (let b = foe; b !== 0; b &= b - 1) teamEnemies[x++] = lowBit(b);
}

/**
 * Clash codes of Area `area`'s team (`own` over `foe`, foe ≠ 0) as the grouped enumeration counts
 * them (its shape's order, else the kept entry, computed and kept when new); remembered in the
 * memo at its (empty) offset `at`, `tag` = 2 × Area + side.
 */
function teamClashes(s: BattleState, c: Compiled, buf: ActionBuffer, area: number, own: number, foe: number, tag: number, at: number): number {
  prepareCodes(buf);
  listTeam(own, foe);
  const na = bitCount(own);
  const nt = bitCount(foe);
  const order = shapeClashOrder(s, c, area, own, teamMembers, 0, na, nt);
  let n: number;
  if (order !== null) n = order.length;
  else {
    prepareKept(c);
    keptClashCodes(s, c, area, own, foe, teamMembers, 0, na, teamEnemies, 0, nt, buf, false);
    n = keptN;
  }
  memoPut(at, own, foe, tag, n);
  return n;
}

/**
 * Interacts open to the acting members of Area `area`, of side `side` (R9.1; `enemies`: active
 * enemies there): `interactOpen` of each interact objective there (`c.interactAt`), which answers
 * for every member of the side in the Area.
 */
function interactsOf(s: BattleState, c: Compiled, area: number, side: number, enemies: boolean): number {
  const objectives = c.interactAt[area]!;
  let n = 0;
  for (let j = 0; j < objectives.length; j++) if (interactOpen(s, c.objectives[objectives[j]!]!, objectives[j]!, side, enemies)) n++;
  return n;
}

/**
 * Starts a turn decision in `buf` (cleared when a Clash code needs it) and returns the number of its codes
 * — `enumerateActions`' count; code k is {@link turnCodeAt}. Only for a state in the `turn` phase.
 * The grouped count and draw are functions of their own: with this one and {@link turnCodeAt}
 * small, V8 inlines the lean pass and the mask helpers it calls instead of calling them per Area.
 */
export function turnCodeCount(s: BattleState, c: Compiled, buf: ActionBuffer): number {
  // `keepingFor`: the setup whose codes were last found kept (asked again only for another one).
  if (turnIndexOf(s) && !buf.recordSwarms && (c === keepingFor || keepsCodes(c))) return countLean(s, c, buf);
  return countGrouped(s, c, buf);
}

/** {@link turnCodeCount} of any other state: the grouped enumeration's count (action-codes.ts). */
function countGrouped(s: BattleState, c: Compiled, buf: ActionBuffer): number {
  lean = false;
  const clashes = turnClashCount(s, c, buf);
  dt[DT.clashes] = clashes;
  return clashes + memberCodeCount(s, c);
}

/**
 * A turn decision counted and drawn, for a bot that picks uniformly (bots/random.ts): the code
 * {@link turnCodeAt} gives at `rng.int(n)` for `n` = {@link turnCodeCount}. Throws when the turn
 * has no code (a battle that has not ended always has one).
 */
export function turnDraw(s: BattleState, c: Compiled, buf: ActionBuffer, rng: Rng): number {
  const n = turnCodeCount(s, c, buf);
  if (n === 0) throw new Error('turnDraw: no legal action in a battle that has not ended');
  return turnCodeAt(s, c, rng.int(n), buf);
}

/**
 * {@link turnCodeCount} of a tracked state whose Clash codes are kept and whose Swarms are not
 * recorded: its Areas without grouping. One pass with no calls reads the index and the tables
 * (so that V8 keeps the two arrays at hand); a team larger than the short ones (its Clash codes from
 * the memo) or an Area with objectives (its open interacts) leaves a negative entry in its row,
 * which a second pass ({@link countRest}) works out, in the same Area order.
 */
function countLean(s: BattleState, c: Compiled, buf: ActionBuffer): number {
  if (memoFor !== c) startMemo(s, c);
  codesReady = false;
  keptReady = false;
  lean = true;
  const side = s.side;
  const x = ix;
  const t = dt;
  const own = x[IX.side + side]!;
  const foe = x[IX.side + 1 - side]!;
  let w = DT.rows;
  let clashes = 0;
  let members = 0;
  let rest = 0;
  // Areas in order of their first acting member (R2.4), each with all its acting members.
  for (let b = x[IX.readyAll]! & own; b !== 0; ) {
    const area = x[IX.placed + lowBit(b)]!;
    const acting = x[IX.readyIn + area]! & own;
    const facing = x[IX.activeIn + area]! & foe;
    b &= ~acting;
    // Most rows hold one acting member: its count without the bit count.
    const na = (acting & (acting - 1)) === 0 ? 1 : bitCount(acting);
    // No targets (no active enemy there, as in most rows): no Clash code, the table not read; else a
    // team short of a Swarm counts its codes from its size, any other −1 (the memo).
    const k = facing === 0 ? 0 : t[DT.short + DT.stride * na + bitCount(facing)]!;
    const per = t[DT.areaPer + area]!;
    t[w] = area;
    t[w + 1] = acting;
    t[w + 2] = facing;
    t[w + 3] = k;
    t[w + 4] = per;
    rest |= k | per;
    clashes += k;
    members += na * per;
    w += DT.row;
  }
  t[DT.rowsEnd] = w;
  if (rest < 0) return countRest(s, c, buf, t, w, clashes, members);
  t[DT.clashes] = clashes;
  return clashes + members;
}

/**
 * {@link countLean}'s second pass over rows `DT.rows .. end` of `t`, whose first pass summed
 * `clashes` and `members` with the rows' entries as they were: each negative entry is worked out
 * and the sums corrected by its difference — a team larger than the short ones gets its Clash
 * codes from the memo (room made before a new team is added), an Area with objectives its open
 * interacts; rows with no negative entry are skipped. Returns the decision's count.
 */
function countRest(s: BattleState, c: Compiled, buf: ActionBuffer, t: Int32Array, end: number, clashes: number, members: number): number {
  const side = s.side;
  for (let w = DT.rows; w < end; w += DT.row) {
    const k = t[w + 3]!;
    const per = t[w + 4]!;
    if ((k | per) >= 0) continue;
    const area = t[w]!;
    const acting = t[w + 1]!;
    const facing = t[w + 2]!;
    if (k < 0) {
      const tag = 2 * area + side;
      let at = memoAt(acting, facing, tag);
      // A team new to the memo: room made for it first (when that moved the memo, probed again).
      if (memo[at] === 0 && memoRoom()) at = memoAt(acting, facing, tag);
      const n = memo[at] !== 0 ? memo[at + 3]! : teamClashes(s, c, buf, area, acting, facing, tag, at);
      t[w + 3] = n;
      clashes += n - k;
    }
    if (per < 0) {
      const open = ~per + interactsOf(s, c, area, side, facing !== 0);
      t[w + 4] = open;
      members += bitCount(acting) * (open - per);
    }
  }
  t[DT.clashes] = clashes;
  return clashes + members;
}

/** Code `k` (below {@link turnCodeCount}) of the decision it started with `buf`: a Clash code's Area gets its team set in `buf`. */
export function turnCodeAt(s: BattleState, c: Compiled, k: number, buf: ActionBuffer): number {
  // `!== true`: a module variable's boolean is otherwise tested as any value would be.
  if (lean !== true) return codeGrouped(s, c, k, buf);
  const clashes = dt[DT.clashes]!;
  return k < clashes ? clashCodeLean(s, c, k, buf) : memberCodeLean(s, c, k - clashes);
}

/** {@link turnCodeAt} of a decision {@link countGrouped} counted: the grouped enumeration's code `k`. */
function codeGrouped(s: BattleState, c: Compiled, k: number, buf: ActionBuffer): number {
  const clashes = dt[DT.clashes]!;
  return k < clashes ? turnClashCodeAt(k, buf) : memberCodeAt(s, c, k - clashes);
}

/** Clash code `k` (below the count's Clash codes) of the decision {@link countLean} counted, its Area's team set in `buf`. */
function clashCodeLean(s: BattleState, c: Compiled, k: number, buf: ActionBuffer): number {
  let left = k;
  const t = dt;
  const end = t[DT.rowsEnd]!;
  for (let w = DT.rows; w < end; w += DT.row) {
    const n = t[w + 3]!;
    if (left >= n) {
      left -= n;
      continue;
    }
    const area = t[w]!;
    const own = t[w + 1]!;
    const foe = t[w + 2]!;
    const na = bitCount(own);
    const nt = bitCount(foe);
    prepareCodes(buf);
    // The team listed once, straight into the buffer (applying the code reads it there).
    const at = buf.setTeamBits(area, own, na, foe, nt);
    // A team short of a Swarm: its codes are assignments 1 .. n in order (shortTeamCodes), no
    // variant; any other team's in a function of its own (this one stays small enough for V8 to inline `pack`).
    if (t[DT.short + DT.stride * na + nt]! < 0) return longTeamCode(s, c, area, own, foe, at, na, nt, left, buf);
    return pack(ACT.clash, area, left + 1, 0);
  }
  return noCode('Clash code', k);
}

/**
 * Clash code `left` of Area `area`'s team (`own` over `foe`, set in `buf` at `at`: `na` attackers,
 * then `nt` targets) when it is not short of a Swarm: its codes as counted — its shape's order
 * (one array read), else its kept entry (computed again, the same codes, if the table was dropped
 * since; computing it sets the team again, after this one: `team` is read before any write there).
 */
function longTeamCode(s: BattleState, c: Compiled, area: number, own: number, foe: number, at: number, na: number, nt: number, left: number, buf: ActionBuffer): number {
  const team = buf.teams;
  const order = shapeClashOrder(s, c, area, own, team, at, na, nt);
  if (order === null) {
    // Most teams' entries are kept already: read without starting the kept codes.
    const kept = keptPlace(c, area, own, foe, s.side, buf.swarmsRecorded);
    if (kept >= 0) return keptCode(kept, left);
    prepareKept(c);
    return keptCode(keptClashCodes(s, c, area, own, foe, team, at, na, team, at + na, nt, buf, false), left);
  }
  // The assignment number × 2 + the variant (as a shape's order holds them).
  const code = order[left]!;
  return pack(ACT.clash, area, code >> 1, code & 1);
}

/** Member code `k` (counted after the Clash codes) of the decision {@link countLean} counted. */
function memberCodeLean(s: BattleState, c: Compiled, k: number): number {
  let left = k;
  const r = dt;
  const end = r[DT.rowsEnd]!;
  for (let w = DT.rows; w < end; w += DT.row) {
    const per = r[w + 4]!;
    // The acting member whose codes hold `left`, by subtraction (an Area has few acting members),
    // then its moves (R8.2), interacts (R9.1) and Hold.
    for (let b = r[w + 1]!; b !== 0; b &= b - 1) {
      if (left >= per) {
        left -= per;
        continue;
      }
      const m = lowBit(b);
      const area = r[w]!;
      // Its moves from the per-setup table (as `c.moveTo[area]`), in the array already at hand;
      // its last code is its Hold. One `pack` for all three kinds (a single call site, which V8 inlines).
      const moveN = r[DT.moveN + area]!;
      let kind = ACT.move;
      let arg = 0;
      if (left < moveN) arg = r[DT.moves + DT.stride * area + left]!;
      else if (left === per - 1) kind = ACT.hold;
      else {
        kind = ACT.interact;
        arg = openInteract(s, c, area, s.side, r[w + 2] !== 0, left - moveN);
      }
      return pack(kind, m, arg, 0);
    }
  }
  return noCode('member code', k);
}

/**
 * The `i`-th interact open to the acting members of Area `area`, of side `side` (R9.1; `enemies`:
 * active enemies there), in the order of the Area's objectives, as {@link interactsOf} counts them.
 */
function openInteract(s: BattleState, c: Compiled, area: number, side: number, enemies: boolean, i: number): number {
  const objectives = c.interactAt[area]!;
  let left = i;
  for (let j = 0; j < objectives.length; j++) {
    if (!interactOpen(s, c.objectives[objectives[j]!]!, objectives[j]!, side, enemies)) continue;
    if (left === 0) return objectives[j]!;
    left--;
  }
  throw new Error(`turnCodeAt: no interact ${i} open in Area ${area}`);
}

/** Throws for code `k` of a kind (`what`) the decision does not have; out of line, to keep the draws small for V8 to inline. */
function noCode(what: string, k: number): never {
  throw new Error(`turnCodeAt: no ${what} ${k} in this decision`);
}

/** Whether the decision counted last was counted without grouping (tests: the path under test was taken). */
export const turnCountedLean = (): boolean => lean;
