/**
 * Internal state helpers: private working copies and the basic predicates every rule reads
 * (alive, ready, contested). A working copy may be mutated; a returned state never is.
 */
import type { Compiled } from './compiled';
import { markSlot } from './coverage';
import { EK, effectSum, summed } from './effect-index';
import { FLAG } from './types';
import { copyClash } from './pending-clash';
import { contestedIn } from './turn-index';
import type { BattleState } from './types';

/** A private working copy of `s`: every array the engine mutates is copied. */
export function cloneState(s: BattleState): BattleState {
  const copy: BattleState = {
    setup: s.setup,
    seed: s.seed,
    rng: s.rng.slice(),
    round: s.round,
    phase: s.phase,
    side: s.side,
    initiative: s.initiative,
    lastInitiative: s.lastInitiative,
    health: s.health.slice(),
    used: s.used.slice(),
    flags: s.flags.slice(),
    lastStandLosses: s.lastStandLosses.slice(),
    area: s.area.slice(),
    progress: s.progress.slice(),
    scored: s.scored.slice(),
    lastWorker: s.lastWorker.slice(),
    points: [s.points[0], s.points[1]],
    morale: s.morale.slice(),
    firstPhase: s.firstPhase,
    // Public views of the pending Clash are never mutated (the engine works in its storage, copied below).
    pending: s.pending,
    result: s.result,
    openingEvents: s.openingEvents,
  };
  if (s.dice !== undefined) copy.dice = s.dice;
  if (s.phased !== undefined) {
    const p = s.phased;
    // `orders`, `steps`, `able`, `startHealth` and `startFlags` are replaced, never mutated.
    copy.phased = {
      ...p,
      declared: [p.declared[0], p.declared[1]],
      together: [p.together[0], p.together[1]],
      defaults: [p.defaults[0], p.defaults[1]],
      status: p.status.slice(),
      reactions: p.reactions.slice(),
      interrupted: p.interrupted.slice(),
      primed: p.primed.slice(),
    };
  }
  if (s.engaged !== undefined) copy.engaged = s.engaged.slice();
  copyClash(s, copy);
  return copy;
}

/** True when the member is still in the battle: neither incapacitated (R5.3) nor fled (R12). */
export function isActive(s: BattleState, m: number): boolean {
  return (s.flags[m]! & FLAG.out) === 0;
}

/**
 * True when `m` may still strike or carry out its order: in the battle, or (phased turns, seed
 * 002) taken out during the current phase although it was able to act when the phase began.
 */
export function canStrike(s: BattleState, m: number): boolean {
  if (isActive(s, m)) return true;
  const p = s.phased;
  return p !== undefined && p.able[m] === 1 && (s.flags[m]! & FLAG.fled) === 0;
}

/**
 * Action limits (R2.5) of setup `c` as last worked out, per member, with the key of what they
 * depend on — the round, the member's Area and its Health, all that an `extraActions` effect's
 * `when` can read outside a Clash (R11: role, opponent and Swarm conditions never hold there;
 * Area effects follow the Area) — and the coverage slot of the one effect that applied (−1:
 * none), so that reading a kept limit marks what working it out marks. Limits that several
 * effects make are not kept. The turn index and the rules ask for them many times a round.
 */
const limits = { c: null as Compiled | null, key: new Int32Array(0), limit: new Int32Array(0), slot: new Int32Array(0) };

/** {@link limits}' key of member `m` in `s` (round, Area, Health packed), or −1 when out of its ranges. */
const limitKey = (s: BattleState, m: number): number => {
  const round = s.round;
  const area = s.area[m]!;
  const health = s.health[m]!;
  if (round < 0 || round >= 1024 || area < 0 || area >= 2048 || (health & 255) !== health) return -1;
  return (round << 19) | (area << 8) | health;
};

/** Actions a member may take per round: 1 + `extraActions` (R2.5, R11); kept per member while its round, Area and Health hold ({@link limits}). */
export function actionLimit(s: BattleState, c: Compiled, m: number): number {
  // `!== true`: a compare, where a bare boolean element would take a generic ToBoolean.
  if (c.mayExtra[m] !== true) return 1;
  if (limits.c !== c) {
    limits.c = c;
    limits.key = new Int32Array(c.n).fill(-1);
    limits.limit = new Int32Array(c.n);
    limits.slot = new Int32Array(c.n);
  }
  const key = limitKey(s, m);
  if (key >= 0 && limits.key[m] === key) {
    const slot = limits.slot[m]!;
    if (slot >= 0) markSlot(slot);
    return limits.limit[m]!;
  }
  const limit = 1 + Math.max(0, effectSum(s, c, EK.extraActions, m));
  const slot = summed.slot;
  if (key >= 0 && slot !== -2) {
    limits.key[m] = key;
    limits.limit[m] = limit;
    limits.slot[m] = slot;
  }
  return limit;
}

/** Ready (R2.4): active and with an action left this round. */
export function isReady(s: BattleState, c: Compiled, m: number): boolean {
  return isActive(s, m) && s.used[m]! < actionLimit(s, c, m);
}

/** Ready and allowed to take a turn now (during round 1's start-of-combat phase, only first-phase members). */
export function canTakeTurn(s: BattleState, c: Compiled, m: number): boolean {
  return isReady(s, c, m) && (!s.firstPhase || (s.flags[m]! & FLAG.firstPhase) !== 0);
}

/** True when the side has a member that can take a turn now (R2.3). */
export function sideCanAct(s: BattleState, c: Compiled, side: number): boolean {
  const from = c.first[side]!;
  const to = c.end[side]!;
  for (let m = from; m < to; m++) if (canTakeTurn(s, c, m)) return true;
  return false;
}

/** True when the side has an active member (R9.5: not wiped out); stops at the first. */
export function anyActive(s: BattleState, c: Compiled, side: number): boolean {
  const from = c.first[side]!;
  const to = c.end[side]!;
  for (let m = from; m < to; m++) if (isActive(s, m)) return true;
  return false;
}

/** True when an Area holds active members of both sides (R8.3). */
export function isContested(s: BattleState, c: Compiled, area: number): boolean {
  // The turn index's mask of the Area's active members, when it describes `s` (turn-index.ts).
  const indexed = contestedIn(s, area);
  if (indexed >= 0) return indexed === 1;
  let seen = 0;
  for (let m = 0; m < c.n; m++) {
    if (s.area[m] === area && isActive(s, m)) seen |= 1 << c.sideOf[m]!;
    if (seen === 3) return true;
  }
  return false;
}

/** True when an Area holds active members of the side opposing `side`. */
export function enemiesIn(s: BattleState, c: Compiled, area: number, side: number): boolean {
  const from = c.first[1 - side]!;
  const to = c.end[1 - side]!;
  for (let m = from; m < to; m++) if (s.area[m] === area && isActive(s, m)) return true;
  return false;
}
