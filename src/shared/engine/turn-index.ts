/**
 * The turn index (R2.4, R5.3): for the one battle state the simulation runner plays, who may take
 * a turn and who is active, per Area, as bit masks over member indices — kept up to date by
 * `applyCode` (apply.ts) instead of testing every member at every turn decision. `groupTurn`
 * (action-codes.ts) reads it to group a turn's acting members and their enemies by Area.
 *
 * It is derived data with one source of truth, the state: every change of who may take a turn is
 * told where it happens — an action spent (apply.ts: a member's own turn, written at once when
 * nothing else is to read, {@link touchTurnEnd}; the attackers, the defenders), an incapacitation or a flight (damage.ts), a round's reset and the start-of-combat
 * phase's end (round.ts: every member; a round's end rebuilds readiness from the active masks,
 * {@link touchRoundEnd}, and a round's start keeps it or reads the state as such,
 * {@link touchRoundStart}) — and the touched members are read again from the state at
 * the next turn decision, while the runner has the coverage recorder off (as `groupTurn` always
 * reads them), or when the rules ask whether a side can act ({@link sideMayAct}: with the recorder
 * off too where readiness may mark a coverage slot, setups with `extraActions`, marking then what
 * `sideCanAct` marks). `turnIndexProblem` compares the index
 * with a fresh reading (tests). A state nobody tracks is always grouped afresh.
 */
import type { Compiled } from './compiled';
import { coverageRecorder, recordCoverage } from './coverage';
import { actionLimit, canTakeTurn, isActive, sideCanAct } from './state';
import type { BattleState } from './types';
import { FLAG } from './types';
import { EFFECT_KEY_COUNT, EK } from './effect-index';

/**
 * Member and Area sets are 32-bit integer masks, one bit per member or Area: at most this many of
 * each (the turn index, the turn's Area slots and the kept Clash codes' keys).
 */
export const MAX_BITS = 30;

/** Index of the lowest set bit of a non-zero member mask. */
export const lowBit = (b: number): number => 31 - Math.clz32(b & -b);

/** Number of set bits of a member mask. */
export const bitCount = (b: number): number => {
  let x = b - ((b >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
};

/** The tracked state and its compiled setup, or null. */
let tracked: BattleState | null = null;
let trackedC: Compiled | null = null;
/**
 * What must be read again from the state before the next use: −1 every member (stale), 0 nothing
 * (the index is current), k > 0 the first k members of the index's dirty list (touched since the
 * last reading). One integer, so that the hot checks are one comparison.
 */
let todo = -1;
/** {@link touchRoundEnd} rebuilt readiness for the round starting now ({@link touchRoundStart} keeps it). */
let roundEnded = false;

/**
 * The index's masks and scalars, all in ONE fixed-size array {@link ix} at fixed offsets (Areas and
 * members are at most {@link MAX_BITS}, so every per-Area and per-member part has a fixed
 * {@link IX.span}-entry range): a function reads the array into a local once and then each part is
 * a constant offset — each module-level typed array would cost a context load and a map check at
 * every touch. The offsets are a const enum: esbuild writes its members as literals (a module
 * `const` would be a context load too). Written here only (turn-draw.ts and turn-slots.ts read it).
 */
export const enum IX {
  /** Entries of each per-Area or per-member part: more than MAX_BITS. */
  span = 32,
  /** Bit m set when member m may take a turn now, wherever it is. */
  readyAll = 0,
  /** Bit m set when member m is active (R5.3), wherever it is: the OR of the active-in-Area masks. */
  activeAll = 1,
  /** Bits of the members that may get `extraActions` (`mayExtra`): their readiness may mark a coverage slot. */
  extra = 2,
  /** Bits of side 0's members, then side 1's (as {@link sideBits}). */
  side = 3,
  /** Per Area (+ Area): bit m set when member m is there and may take a turn now (`canTakeTurn`). */
  readyIn = span,
  /** Per Area (+ Area): bit m set when member m is there and active (R5.3); {@link activeIn} is a view of it. */
  activeIn = 2 * span,
  /** Per member (+ member): the Area its bits are in. */
  placed = 3 * span,
  /** Members touched since the last reading: the first `todo` entries. */
  dirty = 4 * span,
  /**
   * Per member of setup `slotsOf` (+ member): the one coverage slot that working out its action limit
   * can mark (all its `extraActions` effects, its own and every Area's, have it), or −1 (none, or
   * several). Once that slot is marked, {@link markReached} has nothing to mark for the member.
   */
  onlySlot = 5 * span,
  size = 6 * span,
}
export const ix = new Int32Array(IX.size);
/** Per Area: bit m set when member m is there and active (R5.3) — a view of the index's part. */
export const activeIn = ix.subarray(IX.activeIn, IX.activeIn + IX.span);
/** Bits of each side's members. */
export const sideBits = [0, 0];

/**
 * Starts keeping the index for `s` (the runner's own state, changed only through `applyCode`)
 * until {@link untrackTurns}; any other state is grouped afresh. Setups too large for the masks,
 * and phased turns (R12, whose orders go through listed actions), are not tracked.
 */
export function trackTurns(s: BattleState, c: Compiled): void {
  if (c.n > MAX_BITS || c.moveTo.length > MAX_BITS || s.setup.ruleset.turnStructure === 'phased') {
    tracked = null;
    return;
  }
  tracked = s;
  trackedC = c;
  todo = -1;
  roundEnded = false;
  const x = ix;
  sideBits[0] = (1 << c.first[1]) - 1;
  sideBits[1] = ((1 << c.n) - 1) & ~sideBits[0]!;
  x[IX.side] = sideBits[0]!;
  x[IX.side + 1] = sideBits[1]!;
  let extra = 0;
  for (let m = 0; m < c.n; m++) if (c.mayExtra[m]) extra |= 1 << m;
  x[IX.extra] = extra;
  if (extra !== 0 && slotsOf !== c) {
    slotsOf = c;
    const areas = c.effects.area.length / EFFECT_KEY_COUNT;
    for (let m = 0; m < c.n; m++) {
      const slots = new Set<number>();
      for (const e of c.effects.own[m * EFFECT_KEY_COUNT + EK.extraActions]!) slots.add(e.slot);
      for (let a = 0; a < areas; a++) for (const e of c.effects.area[a * EFFECT_KEY_COUNT + EK.extraActions]!) slots.add(e.slot);
      x[IX.onlySlot + m] = slots.size === 1 ? [...slots][0]! : -1;
    }
  }
}

/** The setup whose members' only slots are in the index ({@link IX.onlySlot}). */
let slotsOf: Compiled | null = null;

/** Stops keeping the index (the battle is over, or its state is handed out). */
export function untrackTurns(): void {
  tracked = null;
  trackedC = null;
}

/** `applyCode` changed member `m` only (its action used, its Area) of state `s`. */
export function touchMember(s: BattleState, m: number): void {
  if (s !== tracked || todo < 0) return;
  const x = ix;
  for (let i = 0; i < todo; i++) if (x[IX.dirty + i] === m) return;
  // A member is listed once, so the list (IX.span entries) holds every member (at most MAX_BITS).
  if (todo === IX.span) todo = -1;
  else x[IX.dirty + todo++] = m;
}

/**
 * Member `m` of state `s` ended its own turn (Move, Interact, Hold: round.ts `afterOwnTurn`): its
 * action is spent and nothing else changed but, after a Move, its Area. When the index was current
 * (nothing to read again) and `m` may get no `extraActions` (not `mayExtra`: its action limit is 1, R2.5), the
 * member that took the turn was ready, hence active, and is now neither ready (it used its one
 * action, or Held) nor any less active: its bits are written here, without reading it again from
 * the state ({@link placeTouched}). Otherwise it is told as touched ({@link touchMember}).
 */
export function touchTurnEnd(s: BattleState, m: number): void {
  if (s !== tracked || todo < 0) return;
  const x = ix;
  if (todo > 0 || ((x[IX.extra]! >> m) & 1) !== 0) {
    touchMember(s, m);
    return;
  }
  writeTurnEnd(x, m, s.area[m]!);
}

/**
 * {@link touchTurnEnd}'s writing in index `x`: member `m`, which took its turn, is no longer ready,
 * and after a Move (to Area `a`) it is active there instead of in its old Area.
 */
function writeTurnEnd(x: Int32Array, m: number, a: number): void {
  const bit = 1 << m;
  const old = x[IX.placed + m]!;
  x[IX.readyIn + old] = x[IX.readyIn + old]! & ~bit;
  x[IX.readyAll] = x[IX.readyAll]! & ~bit;
  if (a !== old) {
    x[IX.activeIn + old] = x[IX.activeIn + old]! & ~bit;
    x[IX.activeIn + a] = x[IX.activeIn + a]! | bit;
    x[IX.placed + m] = a;
  }
}

/**
 * A Clash step of `applyCode` (a declaration, a response, a Swarm loss) starts on state `s`: its
 * members are told one by one (attackers and defenders spend actions; the incapacitated and the
 * fled, damage.ts), but a setup whose action limits follow health (not `steadyLimits`) is read
 * again in full.
 */
export function touchClash(s: BattleState): void {
  if (s === tracked && !trackedC!.steadyLimits) todo = -1;
}

/** `applyCode` may have changed any member of state `s`. */
export function touchAll(s: BattleState): void {
  if (s === tracked) todo = -1;
}

/** Flags of a member out of the battle (R5.3 incapacitated, R12 fled): not active. */
const OUT = FLAG.incapacitated | FLAG.fled;
const FIRST = FLAG.firstPhase;

/**
 * Reads the first `n` members of the dirty list (touched) from the tracked state `s` into the index, each
 * one's old bits cleared first. A member may take a turn when `canTakeTurn` says so — active, an
 * action left (R2.4), and first-phase during round 1's start-of-combat phase — where a member that
 * may get no `extraActions` (no {@link IX.extra} bit: its action limit is 1, R2.5, `actionLimit`)
 * has an action left while it has used none: its limit is not worked out. The state's arrays and
 * the index are read once into locals, and the all-members masks written back once.
 */
function placeTouched(s: BattleState, c: Compiled, n: number): void {
  const flags = s.flags;
  const area = s.area;
  const used = s.used;
  const first = s.firstPhase;
  const x = ix;
  const extra = x[IX.extra]!;
  let ready = x[IX.readyAll]!;
  let active = x[IX.activeAll]!;
  for (let i = 0; i < n; i++) {
    const m = x[IX.dirty + i]!;
    const bit = 1 << m;
    const f = flags[m]!;
    const a = area[m]!;
    const old = x[IX.placed + m]!;
    x[IX.readyIn + old] = x[IX.readyIn + old]! & ~bit;
    x[IX.activeIn + old] = x[IX.activeIn + old]! & ~bit;
    x[IX.placed + m] = a;
    ready &= ~bit;
    active &= ~bit;
    if ((f & OUT) !== 0) continue;
    x[IX.activeIn + a] = x[IX.activeIn + a]! | bit;
    active |= bit;
    if ((first && (f & FIRST) === 0) || used[m]! >= ((extra & bit) === 0 ? 1 : actionLimit(s, c, m))) continue;
    x[IX.readyIn + a] = x[IX.readyIn + a]! | bit;
    ready |= bit;
  }
  x[IX.readyAll] = ready;
  x[IX.activeAll] = active;
}

/**
 * Reads every member from the state into the index. At a round's start (`roundStart`: every
 * member's actions just cleared) each active member may take a turn — an action limit is at least
 * 1 (R2.5) — or, in round 1's start-of-combat phase, each active first-phase one: read so, without
 * working out any action limit; otherwise as {@link placeTouched} reads a member.
 */
function readAll(s: BattleState, c: Compiled, roundStart = false): void {
  const x = ix;
  x.fill(0, IX.readyIn, IX.activeIn + IX.span);
  const flags = s.flags;
  const area = s.area;
  const used = s.used;
  const first = s.firstPhase;
  const extra = x[IX.extra]!;
  let ready = 0;
  let active = 0;
  for (let m = 0; m < c.n; m++) {
    const a = area[m]!;
    const f = flags[m]!;
    x[IX.placed + m] = a;
    if ((f & OUT) !== 0) continue;
    const bit = 1 << m;
    x[IX.activeIn + a] = x[IX.activeIn + a]! | bit;
    active |= bit;
    if ((first && (f & FIRST) === 0) || (!roundStart && used[m]! >= ((extra & bit) === 0 ? 1 : actionLimit(s, c, m)))) continue;
    x[IX.readyIn + a] = x[IX.readyIn + a]! | bit;
    ready |= bit;
  }
  x[IX.readyAll] = ready;
  x[IX.activeAll] = active;
}

/**
 * Round `s.round` ended on state `s` and the next one starts now (round.ts `endRound`, R2.6): every
 * member's actions were just cleared, nothing else changed. When the index is current (nothing
 * touched since the last reading — the rules just asked who may act, `afterTurn`), the members'
 * Areas and activity still hold and each active member may take a turn again — an action limit is
 * at least 1 (R2.5), and round 1's start-of-combat phase is over by any round's end — so readiness
 * is rebuilt Area by Area from the active masks instead of member by member, and the next
 * {@link touchRoundStart} keeps it. Otherwise the index is read again in full.
 */
export function touchRoundEnd(s: BattleState): void {
  if (s !== tracked || todo < 0) return;
  if (todo > 0 || s.firstPhase) {
    todo = -1;
    return;
  }
  const x = ix;
  x.copyWithin(IX.readyIn, IX.activeIn, IX.activeIn + IX.span);
  x[IX.readyAll] = x[IX.activeAll]!;
  roundEnded = true;
}

/**
 * A round starts on state `s` (round.ts: every member's actions cleared, then regeneration and
 * round 1's start-of-combat flags). Right after {@link touchRoundEnd}, with nothing touched since,
 * the index already describes it: regeneration changes Health, which only changes action limits,
 * and none matters while no member has used an action. Otherwise (a new or restarted battle, or
 * round 1's start-of-combat phase: first-phase members only) it reads it as such ({@link readAll}
 * at a round's start).
 */
export function touchRoundStart(s: BattleState, c: Compiled): void {
  if (s !== tracked) return;
  const kept = roundEnded && todo === 0 && !s.firstPhase;
  roundEnded = false;
  if (kept) return;
  readAll(s, c, true);
  todo = 0;
}

/**
 * The active members (R5.3) of `s` as a member mask, when the index describes `s` with nothing to
 * read again (as at a round's start after {@link touchRoundEnd}); −1 otherwise (read the state).
 */
export function activeMembers(s: BattleState): number {
  return s !== tracked || todo !== 0 ? -1 : ix[IX.activeAll]!;
}

/**
 * True when the index describes `s` now (read again where touched); false for a state nobody
 * tracks. Kept small (the reading in {@link readAgain}): it is asked at every decision, mostly with
 * nothing to read.
 */
export function turnIndexOf(s: BattleState): boolean {
  if (s !== tracked) return false;
  if (todo !== 0) readAgain(s);
  return true;
}

/** Reads the tracked state `s` again: every member when stale, else the touched ones. */
function readAgain(s: BattleState): void {
  const c = trackedC!;
  if (todo < 0) readAll(s, c);
  else placeTouched(s, c, todo);
  todo = 0;
}

/**
 * Reads the tracked state `s` again where touched, with the coverage recorder off: working out an
 * action limit may mark a coverage slot (`extraActions`), and the index is derived data, whose
 * reading marks nothing (what the rules' `sideCanAct` marks is marked by {@link markReached}).
 */
function readQuietly(s: BattleState): void {
  const recorder = coverageRecorder();
  recordCoverage(null);
  readAgain(s);
  recordCoverage(recorder);
}

/**
 * True when the index describes `s` now, read again where touched with the coverage recorder off
 * ({@link readQuietly}), for the rules' own readings (round.ts, objectives.ts); false for a state
 * nobody tracks.
 */
export function indexRead(s: BattleState): boolean {
  if (s !== tracked) return false;
  if (todo !== 0) readQuietly(s);
  return true;
}

/**
 * What `sideCanAct(s, c, side)` marks, given the index's `ready` mask (current): with
 * `extraActions` (`mayExtra` members), working out a member's action limit marks the slot of the
 * effect that gives it (`actionLimit`), and `sideCanAct` works it out for each active member it
 * reaches — in member order up to the first that can take a turn, or all of the side — so exactly
 * those members' limits are worked out again here, with the recorder on: the same slots are marked.
 * Without `extraActions` (no `mayExtra` bit) a member's readiness marks nothing.
 */
function markReached(s: BattleState, c: Compiled, side: number, ready: number, recorder: Uint8Array): void {
  const x = ix;
  const own = ready & x[IX.side + side]!;
  // The members sideCanAct reaches: up to the first ready one (its lowest bit), else the whole side.
  const reached = own === 0 ? -1 : ((own & -own) << 1) - 1;
  for (let b = x[IX.extra]! & x[IX.side + side]! & reached; b !== 0; b &= b - 1) {
    const m = lowBit(b);
    // A member whose one possible slot is marked already would mark nothing new.
    const slot = x[IX.onlySlot + m]!;
    if ((slot < 0 || recorder[slot] === 0) && isActive(s, m)) actionLimit(s, c, m);
  }
}

/**
 * True when the side has a member that can take a turn now (R2.3): `sideCanAct`, read from the
 * index of the tracked state (read again where touched), marking what it marks ({@link markReached}).
 */
export function sideMayAct(s: BattleState, c: Compiled, side: number): boolean {
  if (s !== tracked) return sideCanAct(s, c, side);
  if (todo !== 0) readQuietly(s);
  const x = ix;
  const ready = x[IX.readyAll]!;
  if ((x[IX.extra]! & x[IX.side + side]!) !== 0) {
    const recorder = coverageRecorder();
    if (recorder !== null) markReached(s, c, side, ready, recorder);
  }
  return (ready & x[IX.side + side]!) !== 0;
}

/**
 * Who takes the turn after a completed turn of side `side` (R2.3): the other side if it can act,
 * else `side` if it can, else −1 (the round ends). It is `sideMayAct` of the other side, then of
 * `side` when needed — one reading of the index for both, and the same slots marked.
 */
export function nextSide(s: BattleState, c: Compiled, side: number): number {
  if (s !== tracked) return sideCanAct(s, c, 1 - side) ? 1 - side : sideCanAct(s, c, side) ? side : -1;
  if (todo !== 0) readQuietly(s);
  const x = ix;
  return sideOf(s, c, x, side, x[IX.readyAll]!);
}

/** {@link nextSide} from index `x` (current) and its readiness mask `ready`. */
function sideOf(s: BattleState, c: Compiled, x: Int32Array, side: number, ready: number): number {
  const other = 1 - side;
  const extra = x[IX.extra]!;
  const otherBits = x[IX.side + other]!;
  if ((extra & otherBits) !== 0) {
    const recorder = coverageRecorder();
    if (recorder !== null) markReached(s, c, other, ready, recorder);
  }
  if ((ready & otherBits) !== 0) return other;
  const sideBitsNow = x[IX.side + side]!;
  if ((extra & sideBitsNow) !== 0) {
    const recorder = coverageRecorder();
    if (recorder !== null) markReached(s, c, side, ready, recorder);
  }
  return (ready & sideBitsNow) !== 0 ? side : -1;
}

/**
 * Member `m` of side `side` ended its own turn (a Move or a Hold, round.ts `afterOwnTurn`), and the
 * next turn's side is asked at once: {@link touchTurnEnd}, then {@link nextSide}, in one call —
 * when the index is current and `m` may get no `extraActions`, its bits are written and the masks
 * read with no reading in between.
 */
export function turnEndSide(s: BattleState, c: Compiled, m: number, side: number): number {
  const x = ix;
  if (s !== tracked || todo !== 0 || ((x[IX.extra]! >> m) & 1) !== 0) {
    touchTurnEnd(s, m);
    return nextSide(s, c, side);
  }
  writeTurnEnd(x, m, s.area[m]!);
  return sideOf(s, c, x, side, x[IX.readyAll]!);
}

/**
 * The sides of `s` with an active member (R5.3, R9.5: bit 0 side 0, bit 1 side 1), read from the
 * index (read again where touched) when `s` is the tracked state; −1 otherwise (read the state).
 */
export function activeSides(s: BattleState): number {
  if (!indexRead(s)) return -1;
  const x = ix;
  const active = x[IX.activeAll]!;
  return ((active & x[IX.side]!) !== 0 ? 1 : 0) | ((active & x[IX.side + 1]!) !== 0 ? 2 : 0);
}

/**
 * True when Area `area` of `s` holds active members of both sides (R8.3) by the index's mask of
 * its active members, when `s` is the tracked state and the index is current (nothing touched
 * since the last reading, as when a turn's action is applied); −1 otherwise (read the state).
 */
export function contestedIn(s: BattleState, area: number): number {
  if (s !== tracked || todo !== 0) return -1;
  const x = ix;
  const here = x[IX.activeIn + area]!;
  return (here & x[IX.side]!) !== 0 && (here & x[IX.side + 1]!) !== 0 ? 1 : 0;
}

/** How the tracked index of `s` differs from a fresh reading of the state, or null when it does not (tests). */
export function turnIndexProblem(s: BattleState, c: Compiled): string | null {
  if (!turnIndexOf(s)) return 'the state is not tracked';
  const x = ix;
  for (let m = 0; m < c.n; m++) {
    const bit = 1 << m;
    const a = s.area[m]!;
    const ready = isActive(s, m) && canTakeTurn(s, c, m);
    const at = x[IX.placed + m]!;
    if (at !== a) return `member ${m} is indexed in Area ${at} but is in Area ${a}`;
    if (((x[IX.activeIn + a]! & bit) !== 0) !== isActive(s, m)) return `member ${m}: active ${isActive(s, m)}, indexed otherwise`;
    if (((x[IX.readyIn + a]! & bit) !== 0) !== ready || ((x[IX.readyAll]! & bit) !== 0) !== ready) return `member ${m}: may take a turn ${ready}, indexed otherwise`;
    if (((x[IX.activeAll]! & bit) !== 0) !== isActive(s, m)) return `member ${m}: active ${isActive(s, m)}, indexed otherwise in all Areas`;
  }
  for (let a = 0; a < IX.span; a++) {
    for (let m = 0; m < c.n; m++) if (x[IX.placed + m] !== a && ((x[IX.readyIn + a]! | x[IX.activeIn + a]!) & (1 << m)) !== 0) return `Area ${a} holds a bit of member ${m}, which is elsewhere`;
  }
  return null;
}
