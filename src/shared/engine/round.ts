/**
 * Round flow (R2): round start (regenerate, initiative, start-of-combat), turn alternation,
 * round end (end-of-round scoring, activations cleared) and battle end (R9.5).
 */
import type { Compiled } from './compiled';
import { checkMorale } from './damage';
import { EK, effectSum } from './effect-index';
import type { BattleEvent, EventLog } from './events';
import { allObjectivesDone, scoreEndOfBattle, scoreEndOfRound } from './objectives';
import { beginDeclarations } from './phased';
import { continuePhased } from './phased-resolve';
import { draw, rollMember } from './rolls';
import { anyActive, isActive } from './state';
import { MAX_BITS, activeMembers, activeSides, lowBit, nextSide, sideMayAct, touchAll, touchRoundEnd, touchRoundStart, touchTurnEnd, turnEndSide } from './turn-index';
import { FLAG } from './types';
import type { BattleState, EndReason, SideIndex } from './types';
import { CR, markSlot } from './coverage';

/**
 * The round flow's reading of setup `c` (the one last asked for): its ruleset's knobs as flags — the
 * setup's strings, compared once instead of at every round.
 * A compiled setup and its setup never change, so what is kept for `c` holds while `c` is the one.
 */
const flow = {
  c: null as Compiled | null,
  phased: false,
  starting: false,
  alternate: false,
  startOfCombat: false,
  /** Members with a `regenerate` effect somewhere (their own or an Area's), in member order: only they may regenerate (R11). */
  regen: new Int32Array(0),
  /** Per entry of `regen`: that member's max Health, read once instead of through its member record. */
  regenMax: new Float64Array(0),
  /** Per member: its recruit cost (R1.2). */
  cost: new Float64Array(0),
  /** Members that may have `initiative` effects (`mayInitiative`), as a member mask (tracked setups: at most MAX_BITS members). */
  initiativeBits: 0,
  /** Per side: the bits of its members (setups of at most MAX_BITS members; the turn index's `sideBits` are those of the tracked setup only). */
  sideBits: new Int32Array(2),
  /** Per side: the last mask of active members whose costs were summed, and that sum (−1: none yet). */
  crewMask: Int32Array.of(-1, -1),
  crewCost: new Float64Array(2),
};

/** The round flow's reading of setup `c` of `s`: kept, or read now ({@link readFlow}); small, so that its callers inline it. */
const flowOf = (s: BattleState, c: Compiled): typeof flow => (flow.c === c ? flow : readFlow(s, c));

/** Reads setup `c` of `s` into the round flow ({@link flow}) and returns it. */
function readFlow(s: BattleState, c: Compiled): typeof flow {
  const r = s.setup.ruleset;
  flow.c = c;
  flow.phased = r.turnStructure === 'phased';
  flow.starting = r.initiative.crewValue === 'starting';
  flow.alternate = r.initiative.tie === 'alternate';
  flow.startOfCombat = r.initiative.mode === 'startOfCombat';
  const regen: number[] = [];
  for (let m = 0; m < c.n; m++) if ((c.effects.keysOf[m]! & (1 << EK.regenerate)) !== 0) regen.push(m);
  flow.regen = Int32Array.from(regen);
  flow.regenMax = Float64Array.from(regen, (m) => c.members[m]!.maxHealth);
  flow.cost = Float64Array.from(c.members, (x) => x.cost);
  flow.initiativeBits = 0;
  for (let m = 0; m < c.n && m < MAX_BITS; m++) if (c.mayInitiative[m]) flow.initiativeBits |= 1 << m;
  flow.crewMask[0] = flow.crewMask[1] = -1;
  for (let side = 0; side < 2; side++) flow.sideBits[side] = c.n > MAX_BITS ? 0 : ((1 << c.end[side]!) - 1) & ~((1 << c.first[side]!) - 1);
  return flow;
}

/** Crew value for initiative (R1.2, R2.2): recruit costs plus `initiative` effects. */
export function crewValue(s: BattleState, c: Compiled, side: number): number {
  const from = c.first[side]!;
  const to = c.end[side]!;
  const starting = flowOf(s, c).starting;
  let v = 0;
  for (let m = from; m < to; m++) {
    if (!starting && !isActive(s, m)) continue;
    v += c.members[m]!.cost;
    if (c.mayInitiative[m] && isActive(s, m)) v += effectSum(s, c, EK.initiative, m);
  }
  return v;
}

/**
 * {@link crewValue} of a side of the tracked state `s` from its `active` members' mask (the turn
 * index): the costs of a set of active members are summed once and kept while the set is the same
 * (a compiled setup's costs never change), and `initiative` effects are summed, as there, for the
 * active members that may have them, in member order (marking the same coverage slots). Costs
 * and `initiative` values are integers (the schemas), so summing costs first gives the same value.
 */
function crewValueOf(s: BattleState, c: Compiled, f: typeof flow, side: number, active: number): number {
  const mask = active & f.sideBits[side]!;
  let v: number;
  if (f.crewMask[side] === mask) v = f.crewCost[side]!;
  else {
    v = 0;
    for (let b = mask; b !== 0; b &= b - 1) v += f.cost[lowBit(b)]!;
    f.crewMask[side] = mask;
    f.crewCost[side] = v;
  }
  for (let b = mask & f.initiativeBits; b !== 0; b &= b - 1) v += effectSum(s, c, EK.initiative, lowBit(b));
  return v;
}

/** Bit m set when member m of `s` is active (R5.3); `c.n` is at most MAX_BITS. */
function activeMaskOf(s: BattleState, c: Compiled): number {
  let mask = 0;
  for (let m = 0; m < c.n; m++) if (isActive(s, m)) mask |= 1 << m;
  return mask;
}

/** Decides Initiative (R2.2) for the round starting on `s`; `f` is the round flow's reading of `c`. */
function decideInitiative(s: BattleState, c: Compiled, f: typeof flow, events: EventLog): void {
  // Crew values of active members (R2.2) from the turn index's masks when it describes `s`, else
  // (round 1 of a new or restarted battle, read as a round's start only after this) from the flags.
  let active = f.starting ? -1 : activeMembers(s);
  if (active < 0 && !f.starting && c.n <= MAX_BITS) active = activeMaskOf(s, c);
  const v0 = active < 0 ? crewValue(s, c, 0) : crewValueOf(s, c, f, 0, active);
  const v1 = active < 0 ? crewValue(s, c, 1) : crewValueOf(s, c, f, 1, active);
  let side: SideIndex;
  let how: 'lowerValue' | 'rolloff' | 'alternate' = 'lowerValue';
  const rolloff: [number, number][] | null = events === null ? null : [];
  if (v0 !== v1) side = v0 < v1 ? 0 : 1;
  else if (f.alternate && s.lastInitiative >= 0) {
    markSlot(CR.initiativeTie);
    how = 'alternate';
    side = (1 - s.lastInitiative) as SideIndex;
  } else {
    how = 'rolloff';
    markSlot(CR.initiativeTie);
    side = 0;
    for (let i = 0; i < 100; i++) {
      const a = draw(s, 6);
      const b = draw(s, 6);
      rolloff?.push([a, b]);
      if (a !== b) {
        side = a > b ? 0 : 1;
        break;
      }
    }
  }
  s.initiative = side;
  s.lastInitiative = side;
  if (events !== null) initiativeEvent(s, side, v0, v1, how, rolloff!, events);
}

/** The `initiative` event of {@link decideInitiative}: the crew values, the side and how it was decided (with the roll-off's rolls). */
function initiativeEvent(s: BattleState, side: SideIndex, v0: number, v1: number, how: 'lowerValue' | 'rolloff' | 'alternate', rolloff: [number, number][], events: BattleEvent[]): void {
  const ids = [s.setup.sides[0].id, s.setup.sides[1].id];
  const values = { [ids[0]!]: v0, [ids[1]!]: v1 };
  events.push(how === 'rolloff' ? { type: 'initiative', round: s.round, side: ids[side]!, values, how, rolloff } : { type: 'initiative', round: s.round, side: ids[side]!, values, how });
}

/**
 * Round 1's start of combat (R12, seed 004): members reaching `initiative.target` are flagged to
 * act first. Alternating turns give them a first phase of turns; phased turns resolve their first
 * orders in a `first` phase before the ranged one.
 */
function startOfCombat(s: BattleState, c: Compiled, events: EventLog, phased: boolean): void {
  const first: string[] = [];
  for (let m = 0; m < c.n; m++) {
    if (!isActive(s, m)) continue;
    if (rollMember(s, c, { member: m }, 'startOfCombat', events) >= s.setup.ruleset.initiative.target) {
      s.flags[m] = s.flags[m]! | FLAG.firstPhase;
      markSlot(CR.startOfCombat);
      first.push(c.members[m]!.key);
    }
  }
  s.firstPhase = !phased && first.length > 0;
  events?.push({ type: 'startOfCombat', members: first });
}

/** Flags of a member that does not regenerate: out of the battle (R5.3, R12) or in Last Stand (R7.2). */
const SKIP_REGEN = FLAG.out | FLAG.lastStand;

/**
 * Starts round `s.round + 1`: regenerates, decides Initiative, picks the first side. Its callers
 * hand it a state with every activation cleared (a new battle, or `endRound`).
 */
export function startRound(s: BattleState, c: Compiled, events: EventLog): void {
  s.round += 1;
  events?.push({ type: 'roundStarted', round: s.round });
  const f = flowOf(s, c);
  const regenerating = f.regen;
  const max = f.regenMax;
  // The state's arrays read once (a loop with a call in it loads a field again at every turn).
  const health = s.health;
  const flags = s.flags;
  for (let i = 0; i < regenerating.length; i++) {
    // Only a member with a `regenerate` effect somewhere (its own or an Area's) may regenerate
    // (R11): a damaged one (most are not) still active (R5.3) and not in Last Stand (R7.2).
    const m = regenerating[i]!;
    if (health[m] === max[i] || (flags[m]! & SKIP_REGEN) !== 0) continue;
    const regen = effectSum(s, c, EK.regenerate, m);
    if (regen <= 0) continue;
    const before = health[m]!;
    health[m] = Math.min(c.members[m]!.maxHealth, before + regen);
    events?.push({ type: 'regenerated', member: c.members[m]!.key, amount: health[m]! - before, health: health[m]! });
  }
  decideInitiative(s, c, f, events);
  const phased = f.phased;
  if (s.round === 1 && f.startOfCombat) startOfCombat(s, c, events, phased);
  s.phase = 'turn';
  if (phased) beginDeclarations(s);
  // Actions cleared, regeneration, the start-of-combat flags: the turn index reads the round's
  // start (every active member ready, or the first-phase ones), or keeps it from `endRound`.
  touchRoundStart(s, c);
  s.side = s.initiative;
  // `!== true`: a compare of the out-of-line call's answer, not a generic ToBoolean.
  if (sideMayAct(s, c, s.side) !== true) s.side = (1 - s.side) as SideIndex;
}

/** Ends the battle: end-of-battle objectives, result, `battleEnded` event (R9.5). */
export function endBattle(s: BattleState, c: Compiled, reason: EndReason, events: EventLog): void {
  scoreEndOfBattle(s, c, events);
  const a = s.setup.sides[0];
  const b = s.setup.sides[1];
  const points = { [a.id]: s.points[0], [b.id]: s.points[1] };
  const winner = s.points[0] === s.points[1] ? null : s.points[0] > s.points[1] ? a.id : b.id;
  s.result = { winner, points, rounds: s.round, reason };
  if (reason !== 'rounds') markSlot(CR.earlyEnd);
  s.phase = 'ended';
  s.pending = null;
  events?.push({ type: 'battleEnded', winner, points: { ...points }, rounds: s.round, reason });
}

/** Why the battle ends now (R9.5: a side wiped out or `endWhen` holds), or null. */
function endReason(s: BattleState, c: Compiled): EndReason | null {
  // Each side's active members from the turn index when it tracks `s`, else from the state.
  const sides = activeSides(s);
  if (sides >= 0 ? sides !== 3 : !anyActive(s, c, 0) || !anyActive(s, c, 1)) return 'elimination';
  // `endWhen` as compiled: `c.endPoints` is Infinity when no points target ends the battle.
  if (s.points[0] >= c.endPoints || s.points[1] >= c.endPoints) return 'points';
  if (c.endWhenAllDone === true && allObjectivesDone(s, c)) return 'allObjectivesDone';
  return null;
}

/**
 * Ends the battle if a side is wiped out or `endWhen` holds; returns true when it ended. In the
 * middle of a round (`roundScored` false), `scoring.endOfRoundOnEarlyEnd` first scores that
 * round's end-of-round objectives (R9.4).
 */
export function checkEnd(s: BattleState, c: Compiled, events: EventLog, roundScored = false): boolean {
  const reason = endReason(s, c);
  if (reason === null) return false;
  if (!roundScored && s.setup.ruleset.scoring.endOfRoundOnEarlyEnd) scoreEndOfRound(s, c, events);
  endBattle(s, c, reason, events);
  return true;
}

/** Ends the round: end-of-round scoring, activations cleared, end checks, next round (R2.6, R9.4). */
export function endRound(s: BattleState, c: Compiled, events: EventLog): void {
  scoreEndOfRound(s, c, events);
  if (events !== null) roundEndedEvent(s, events);
  // Two members a turn: V8 checks the array (its map, its writable elements) at every turn of a
  // loop, not at every store, so the second store costs only its bounds check.
  const used = s.used;
  let m = c.n - 1;
  for (; m > 0; m -= 2) {
    used[m] = 0;
    used[m - 1] = 0;
  }
  if (m === 0) used[0] = 0;
  if (checkEnd(s, c, events, true)) {
    touchAll(s);
    return;
  }
  if (s.round >= s.setup.rounds) {
    endBattle(s, c, 'rounds', events);
    touchAll(s);
    return;
  }
  // Every member's actions cleared and the next round starts: the turn index rebuilds readiness
  // from its active masks (nothing between here and `startRound` reads it).
  touchRoundEnd(s);
  startRound(s, c, events);
}

/** The `roundEnded` event of {@link endRound}: the round and each side's points. */
function roundEndedEvent(s: BattleState, events: BattleEvent[]): void {
  const [a, b] = s.setup.sides;
  events.push({ type: 'roundEnded', round: s.round, points: { [a.id]: s.points[0], [b.id]: s.points[1] } });
}

/**
 * After a completed turn (Clash fully resolved, Move, Interact, Hold): morale, end checks,
 * then the other side's turn if it can act, else the same side, else the round ends (R2.3).
 */
export function afterTurn(s: BattleState, c: Compiled, events: EventLog): void {
  s.pending = null;
  checkMorale(s, c, events);
  s.phase = 'turn';
  // Phased turns check the battle end at each phase end: everyone able to act as a phase began
  // completes its order in it (seed 002). A phased battle keeps its round's orders from its first
  // round's start on (`beginDeclarations`), any other never has them: read that, not the ruleset's string.
  if (s.phased !== undefined) {
    continuePhased(s, c, events);
    return;
  }
  if (checkEnd(s, c, events)) return;
  nextTurn(s, c, events);
}

/**
 * After member `m`'s own turn in a battle of codes (apply.ts `applyCode`): a Move or a Hold, or an
 * Interact (`scored`: it may have scored). The turn index is told first (turn-index.ts
 * `touchTurnEnd`: its action, its Area). It is {@link afterTurn} without what cannot happen:
 * - morale (R12) is never due: only an incapacitation makes it due, only a Clash incapacitates, and
 *   every Clash ends in `afterTurn`, whose check sets the side's morale marks;
 * - the battle cannot end (R9.5) after a Move or a Hold: it had not ended when the turn began
 *   (checked after every turn, at every round's end and at round 1's start, where only an empty
 *   side ends it), and neither changes who is active, the points or the objectives.
 * The Clash left nothing pending and the phase is already `turn`. Phased turns go as ever.
 */
export function afterOwnTurn(s: BattleState, c: Compiled, m: number, events: EventLog, scored: boolean): void {
  if (scored || s.firstPhase || s.phased !== undefined) {
    touchTurnEnd(s, m);
    if (s.phased !== undefined) afterTurn(s, c, events);
    else if (!scored || !checkEnd(s, c, events)) nextTurn(s, c, events);
    return;
  }
  // A Move or a Hold outside round 1's first phase: the turn index is told of the turn's end and
  // asked for the next side in one call (`nextTurn` as such).
  const next = turnEndSide(s, c, m, s.side);
  if (next >= 0) s.side = next as SideIndex;
  else endRound(s, c, events);
}

/** The next turn after a completed one (R2.3): the other side if it can act, else the same side, else the round ends. */
function nextTurn(s: BattleState, c: Compiled, events: EventLog): void {
  if (s.firstPhase && endFirstPhase(s, c)) return;
  const next = nextSide(s, c, s.side);
  if (next >= 0) s.side = next as SideIndex;
  else endRound(s, c, events);
}

/**
 * Round 1's start-of-combat phase (R12) once neither side has a first-phase member able to act:
 * the phase ends and the side with Initiative (else the other) takes the next turn. True when a
 * side may act then, false when the phase goes on or nobody may act (the caller picks the next side).
 */
function endFirstPhase(s: BattleState, c: Compiled): boolean {
  if (sideMayAct(s, c, 0) || sideMayAct(s, c, 1)) return false;
  s.firstPhase = false;
  for (let m = 0; m < c.n; m++) s.flags[m] = s.flags[m]! & ~FLAG.firstPhase;
  touchAll(s);
  s.side = s.initiative;
  if (!sideMayAct(s, c, s.side)) s.side = (1 - s.side) as SideIndex;
  return sideMayAct(s, c, s.side);
}
