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
import { IX, indexRead, ix, lowBit, mayTakeTurn, readQuietly, todo, touchTurnEnd, tracked, turnIndexOf, writeTurnEnd } from './turn-masks';

// The store (turn-masks.ts), read through this file as before.
export {
  IX,
  MAX_BITS,
  activeIn,
  activeMembers,
  bitCount,
  indexRead,
  ix,
  lowBit,
  sideBits,
  touchAll,
  touchClash,
  touchMember,
  touchRoundEnd,
  touchRoundStart,
  touchTurnEnd,
  trackTurns,
  turnIndexOf,
  untrackTurns,
} from './turn-masks';

/**
 * The members of the side whose members are `bits` that `sideCanAct` reaches and that may get
 * `extraActions` (`mayExtra`, the index's `extra` bits), given the index's `ready` mask (current):
 * `sideCanAct` works out the action limit of each active member it reaches — in member order up to
 * the first that can take a turn (its lowest ready bit), or all of the side — and only a `mayExtra`
 * member's limit marks a coverage slot (`actionLimit`: the slot of the effect that gives it).
 */
const reachedExtra = (x: Int32Array, bits: number, ready: number): number => {
  const own = ready & bits;
  return x[IX.extra]! & bits & (own === 0 ? -1 : ((own & -own) << 1) - 1);
};

/**
 * What `sideCanAct` marks ({@link reachedExtra}: members `reached`, of one side): those members'
 * limits are worked out again here, with the recorder on, so the same slots are marked.
 */
function markReached(s: BattleState, c: Compiled, reached: number): void {
  const recorder = coverageRecorder();
  if (recorder === null) return;
  const x = ix;
  for (let b = reached; b !== 0; b &= b - 1) {
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
  const bits = x[IX.side + side]!;
  const reached = reachedExtra(x, bits, ready);
  if (reached !== 0) markReached(s, c, reached);
  return (ready & bits) !== 0;
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

/**
 * {@link nextSide} from index `x` (current) and its readiness mask `ready`: the other side, then
 * `side`, each asked as {@link sideMayAct} asks (one call site of {@link markReached}, so that
 * this stays small enough for its callers to inline).
 */
function sideOf(s: BattleState, c: Compiled, x: Int32Array, side: number, ready: number): number {
  for (let k = 0, t = 1 - side; k < 2; k++, t = side) {
    const bits = x[IX.side + t]!;
    const reached = reachedExtra(x, bits, ready);
    if (reached !== 0) markReached(s, c, reached);
    if ((ready & bits) !== 0) return t;
  }
  return -1;
}

/**
 * Member `m` of side `side` ended its own turn (a Move or a Hold, round.ts `afterOwnTurn`), and the
 * next turn's side is asked at once: {@link touchTurnEnd}, then {@link nextSide}, in one call —
 * when the index is current, `m`'s bits are written (when it may get `extraActions`, its readiness
 * read again: {@link writeExtraTurnEnd}) and the masks read with no reading of touched members in between.
 */
export function turnEndSide(s: BattleState, c: Compiled, m: number, side: number): number {
  const x = ix;
  if (s !== tracked || todo !== 0) {
    touchTurnEnd(s, m);
    return nextSide(s, c, side);
  }
  if (((x[IX.extra]! >> m) & 1) === 0) writeTurnEnd(x, m, s.area[m]!);
  else writeExtraTurnEnd(s, c, x, m, s.area[m]!);
  return sideOf(s, c, x, side, x[IX.readyAll]!);
}

/**
 * {@link writeTurnEnd} of member `m` of the tracked state `s` (the index current) that may get
 * `extraActions` (an {@link IX.extra} bit): it took its turn, so it was active and still is, now in
 * Area `a`, and it may take a turn again as turn-masks.ts `placeTouched` would read it — an action left
 * (R2.4, R2.5: `actionLeft`, its limit worked out with the coverage recorder off, as every
 * reading of the index: {@link readQuietly}), and first-phase during round 1's start-of-combat phase.
 */
function writeExtraTurnEnd(s: BattleState, c: Compiled, x: Int32Array, m: number, a: number): void {
  writeTurnEnd(x, m, a);
  const recorder = coverageRecorder();
  recordCoverage(null);
  const ready = mayTakeTurn(s, c, m, s.flags[m]!, s.used[m]!, x[IX.extra]!);
  recordCoverage(recorder);
  if (!ready) return;
  const bit = 1 << m;
  x[IX.readyIn + a] = x[IX.readyIn + a]! | bit;
  x[IX.readyAll] = x[IX.readyAll]! | bit;
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
