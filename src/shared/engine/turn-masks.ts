/**
 * The turn index's store (turn-index.ts describes the index): its masks in one array, the
 * tracked state, and what tells and reads it — tracking, the touches `applyCode` and round.ts make,
 * and the reading again of touched members from the state. Only this file writes `tracked` and
 * `todo`; turn-index.ts (the side questions) reads them.
 */
import type { Compiled } from './compiled';
import { coverageRecorder, recordCoverage } from './coverage';
import { actionLimit } from './state';
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
export let tracked: BattleState | null = null;
let trackedC: Compiled | null = null;
/**
 * What must be read again from the state before the next use: −1 every member (stale), 0 nothing
 * (the index is current), k > 0 the first k members of the index's dirty list (touched since the
 * last reading). One integer, so that the hot checks are one comparison.
 */
export let todo = -1;
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
  /** The tracked setup's number of Areas: the entries in use of each per-Area part. */
  areas = 5,
  /** Bits of the members in the dirty list (while `todo` > 0; 0 once they are read). */
  dirtyBits = 6,
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
  if (indexedFor !== c) indexSetup(c);
}

/**
 * The index's parts that follow from setup `c` alone — its sides' bits, its number of Areas, its
 * members that may get `extraActions` and their only slots — written when a state of another
 * setup than the last one is tracked (the parts are kept between battles: nothing else writes them).
 */
function indexSetup(c: Compiled): void {
  indexedFor = c;
  const x = ix;
  sideBits[0] = (1 << c.first[1]) - 1;
  sideBits[1] = ((1 << c.n) - 1) & ~sideBits[0]!;
  x[IX.side] = sideBits[0]!;
  x[IX.side + 1] = sideBits[1]!;
  // Readings clear the per-Area parts' entries in use only: those of an earlier setup's further Areas go now.
  if (x[IX.areas]! > c.moveTo.length) x.fill(0, IX.readyIn, IX.activeIn + IX.span);
  x[IX.areas] = c.moveTo.length;
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
/** The setup whose parts are in the index ({@link indexSetup}). */
let indexedFor: Compiled | null = null;

/** Stops keeping the index (the battle is over, or its state is handed out). */
export function untrackTurns(): void {
  tracked = null;
  trackedC = null;
}

/** `applyCode` changed member `m` only (its action used, its Area) of state `s`. */
export function touchMember(s: BattleState, m: number): void {
  if (s !== tracked || todo < 0) return;
  const x = ix;
  const bit = 1 << m;
  const dirty = x[IX.dirtyBits]!;
  if ((dirty & bit) !== 0) return;
  // A member is listed once, so the list (IX.span entries) holds every member (at most MAX_BITS).
  x[IX.dirtyBits] = dirty | bit;
  x[IX.dirty + todo++] = m;
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
export function writeTurnEnd(x: Int32Array, m: number, a: number): void {
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
  // `!== true`: a compared boolean field (a bare one is tested as any value would be, dearer when true).
  if (s === tracked && trackedC!.steadyLimits !== true) todo = -1;
}

/** `applyCode` may have changed any member of state `s`. */
export function touchAll(s: BattleState): void {
  if (s === tracked) todo = -1;
}

/**
 * True when member `m` of `s`, which used `used` actions this round, has one left (R2.4): one that
 * has used none has (an action limit is at least 1, R2.5), and of the others only one that may get
 * `extraActions` (bit m of `extra`, the index's {@link IX.extra}) may have — its limit worked out
 * then (`actionLimit`); any other's limit is 1.
 */
export const actionLeft = (s: BattleState, c: Compiled, m: number, used: number, extra: number): boolean =>
  used === 0 || (((extra >> m) & 1) !== 0 && used < actionLimit(s, c, m));

/**
 * True when active member `m` of `s` (flags `f`, `used` actions this round; `extra` as in
 * {@link actionLeft}) may take a turn as the index reads it: `canTakeTurn` — first-phase during
 * round 1's start-of-combat phase, and an action left (R2.4, R2.5).
 */
export const mayTakeTurn = (s: BattleState, c: Compiled, m: number, f: number, used: number, extra: number): boolean =>
  (!s.firstPhase || (f & FLAG.firstPhase) !== 0) && actionLeft(s, c, m, used, extra);

/**
 * Reads the first `n` members of the dirty list (touched) from the tracked state `s` into the index, each
 * one's old bits cleared first. A member may take a turn when `canTakeTurn` says so — active, an
 * action left (R2.4), and first-phase during round 1's start-of-combat phase — where an action
 * limit is worked out only for a member that may get `extraActions` and has used an action
 * ({@link actionLeft}). The state's arrays and the index are read once into locals, and the
 * all-members masks written back once.
 */
function placeTouched(s: BattleState, c: Compiled, n: number): void {
  const flags = s.flags;
  const area = s.area;
  const used = s.used;
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
    if ((f & FLAG.out) !== 0) continue;
    x[IX.activeIn + a] = x[IX.activeIn + a]! | bit;
    active |= bit;
    if (!mayTakeTurn(s, c, m, f, used[m]!, extra)) continue;
    x[IX.readyIn + a] = x[IX.readyIn + a]! | bit;
    ready |= bit;
  }
  x[IX.readyAll] = ready;
  x[IX.activeAll] = active;
  x[IX.dirtyBits] = 0;
}

/**
 * Reads every member from the state into the index. At a round's start (`roundStart`: every
 * member's actions just cleared) each active member may take a turn — an action limit is at least
 * 1 (R2.5) — or, in round 1's start-of-combat phase, each active first-phase one: read so, without
 * working out any action limit; otherwise as {@link placeTouched} reads a member.
 */
function readAll(s: BattleState, c: Compiled, roundStart = false): void {
  const x = ix;
  // The per-Area parts cleared Area by Area (a typed array's `fill` is a call into the runtime).
  for (let a = x[IX.areas]! - 1; a >= 0; a--) x[IX.readyIn + a] = x[IX.activeIn + a] = 0;
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
    if ((f & FLAG.out) !== 0) continue;
    const bit = 1 << m;
    x[IX.activeIn + a] = x[IX.activeIn + a]! | bit;
    active |= bit;
    if ((first && (f & FLAG.firstPhase) === 0) || (!roundStart && !actionLeft(s, c, m, used[m]!, extra))) continue;
    x[IX.readyIn + a] = x[IX.readyIn + a]! | bit;
    ready |= bit;
  }
  x[IX.readyAll] = ready;
  x[IX.activeAll] = active;
  x[IX.dirtyBits] = 0;
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
  // Area by Area (a typed array's `copyWithin` is a call into the runtime).
  for (let a = x[IX.areas]! - 1; a >= 0; a--) x[IX.readyIn + a] = x[IX.activeIn + a]!;
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
 * When no member to read may get `extraActions` (no {@link IX.extra} bit), no action limit is
 * worked out: it is read with the recorder left as it is (turning it off and on costs stores).
 */
export function readQuietly(s: BattleState): void {
  const x = ix;
  if ((x[IX.extra]! & (todo > 0 ? x[IX.dirtyBits]! : -1)) === 0) readAgain(s);
  else readRecorderOff(s);
}

/** {@link readAgain} with the coverage recorder off, then back as it was. */
function readRecorderOff(s: BattleState): void {
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
