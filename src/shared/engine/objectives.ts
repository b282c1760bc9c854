/**
 * Objectives and scoring (R9): interact progress, end-of-round reach/control, eliminate on
 * incapacitation, end-of-battle protect/survive, `scoring.perEnemyIncapacitated`.
 */
import type { Compiled, CompiledObjective } from './compiled';
import type { EventLog } from './events';
import { CR, markSlot } from './coverage';
import { isActive } from './state';
import { IX, bitCount, indexRead, ix, lowBit } from './turn-index';
import { FLAG } from './types';
import type { BattleState } from './types';

const allowed = (o: CompiledObjective, side: number): boolean => o.only === -1 || o.only === side;

/** Adds points to a side and logs it. */
export function score(s: BattleState, c: Compiled, side: number, points: number, objective: number | null, events: EventLog): void {
  if (objective !== null) {
    s.scored[objective * 2 + side]! += 1;
    markSlot(c.objectiveSlot + objective);
  }
  if (points === 0 && objective === null) return;
  s.points[side as 0 | 1] += points;
  events?.push({
    type: 'scored',
    side: s.setup.sides[side]!.id,
    points,
    objective: objective === null ? null : c.objectives[objective]!.def.id,
    total: s.points[side as 0 | 1],
  });
}

/** Scoring triggered by an incapacitation: per enemy (R9.5) and `eliminate` (R9.1). */
export function onIncapacitated(s: BattleState, c: Compiled, m: number, events: EventLog): void {
  const scorer = 1 - c.sideOf[m]!;
  score(s, c, scorer, s.setup.scoring.perEnemyIncapacitated, null, events);
  for (let i = 0; i < c.objectives.length; i++) {
    const o = c.objectives[i]!;
    if (o.def.kind !== 'eliminate' || !allowed(o, scorer)) continue;
    if (o.def.any === true || o.def.member === undefined || o.named.includes(m)) score(s, c, scorer, o.points, i, events);
  }
}

/** Resets interact progress a side made through this member, when the objective says so (R9.3). */
export function onDamaged(s: BattleState, c: Compiled, m: number, events: EventLog): void {
  const side = c.sideOf[m]!;
  for (let i = 0; i < c.objectives.length; i++) {
    const o = c.objectives[i]!;
    if (o.resetOnDamage !== true) continue;
    const k = i * 2 + side;
    if (s.lastWorker[k] !== m || s.progress[k] === 0) continue;
    s.progress[k] = 0;
    s.lastWorker[k] = -1;
    markSlot(CR.progressReset);
    events?.push({ type: 'progressReset', objective: o.def.id, side: s.setup.sides[side]!.id, member: c.members[m]!.key });
  }
}

/** Why the member may not Interact with the objective now (R9.1, R9.2), or null when it may. */
export function interactProblem(s: BattleState, c: Compiled, m: number, i: number, enemiesPresent: boolean): string | null {
  const o = c.objectives[i]!;
  const d = o.def;
  const side = c.sideOf[m]!;
  if (d.kind !== 'interact') return `objective '${d.id}' is a ${d.kind} objective; only interact objectives take Interact actions`;
  if (!allowed(o, side)) return `objective '${d.id}' can only be worked by side '${d.side}'`;
  if (s.area[m] !== o.area) return `objective '${d.id}' is in Area '${s.setup.areas[o.area]!.name}'; move there first`;
  if (d.repeatable !== true && s.scored[i * 2]! + s.scored[i * 2 + 1]! > 0) return `objective '${d.id}' is already completed`;
  if (d.whenContested === 'blocked' && enemiesPresent) return `objective '${d.id}' is blocked while enemies are in its Area; clear them first`;
  return null;
}

/** Fast, allocation-free form of `interactProblem(...) === null` for enumeration. */
export function canInteract(s: BattleState, c: Compiled, m: number, i: number, enemiesPresent: boolean): boolean {
  const o = c.objectives[i]!;
  // `=== true`: a field's boolean is otherwise tested as any value would be (generic ToBoolean).
  return o.interact === true && s.area[m] === o.area && interactOpen(s, o, i, c.sideOf[m]!, enemiesPresent);
}

/**
 * {@link canInteract} of a member of side `side` that is in the Area of objective `i` (`o`), an
 * interact objective (as every objective `c.interactAt` lists for an Area): the side allowed, not
 * completed unless repeatable, not blocked by enemies present (R9.1, R9.2).
 */
export const interactOpen = (s: BattleState, o: CompiledObjective, i: number, side: number, enemiesPresent: boolean): boolean =>
  allowed(o, side) && (o.repeatable === true || s.scored[i * 2]! + s.scored[i * 2 + 1]! === 0) && !(o.blocked === true && enemiesPresent);

/** Adds progress for a side; scores and (for repeatable ones) restarts when complete. */
export function addProgress(s: BattleState, c: Compiled, m: number, i: number, amount: number, success: boolean, events: EventLog): void {
  const o = c.objectives[i]!;
  const side = c.sideOf[m]!;
  const k = i * 2 + side;
  markSlot(CR.interact);
  markSlot(c.objectiveSlot + i);
  if (success) {
    s.progress[k] = s.progress[k]! + amount;
    s.lastWorker[k] = m;
  }
  events?.push({ type: 'interacted', member: c.members[m]!.key, objective: o.def.id, progress: Math.min(s.progress[k]!, o.progress), required: o.progress, success });
  if (s.progress[k]! >= o.progress) {
    score(s, c, side, o.points, i, events);
    s.progress[k] = 0;
    s.lastWorker[k] = -1;
  }
}

/**
 * Presence of each side in `area` for end-of-round scoring (R9.4): its active members there, or
 * their die sizes (`byValue`, control by value), side 0's in the low 16 bits and side 1's above.
 * `indexed`: the turn index describes `s` (turn-index.ts), so its mask of the Area's active
 * members is read instead of every member.
 */
function presenceIn(s: BattleState, c: Compiled, area: number, byValue: boolean, indexed: boolean): number {
  // The index's one array (turn-index.ts): the Area's active members and each side's bits.
  const x = ix;
  const here = indexed ? x[IX.activeIn + area]! : 0;
  if (indexed && !byValue) return bitCount(here & x[IX.side]!) | (bitCount(here & x[IX.side + 1]!) << 16);
  let present = 0;
  if (indexed) for (let b = here; b !== 0; b &= b - 1) present += c.members[lowBit(b)]!.sides << (16 * c.sideOf[lowBit(b)]!);
  else for (let m = 0; m < c.n; m++) if (s.area[m] === area && isActive(s, m)) present += (byValue ? c.members[m]!.sides : 1) << (16 * c.sideOf[m]!);
  return present;
}

/**
 * Kinds of end-of-round objectives (R9.4), as {@link endKindsOf} gives them. A const enum: esbuild
 * writes its members as literals, where a module `const` is a context load and a check at each use
 * (up to four uses per objective at every round's end).
 */
const enum END {
  REACH = 0,
  REACH_ONCE = 1,
  CONTROL = 2,
  CONTROL_BY_VALUE = 3,
}

/** The kinds of setup `c`'s end-of-round objectives (the last setup asked for), entry by entry of `c.endOfRound`. */
const ends = { c: null as Compiled | null, kind: new Int32Array(0) };

/**
 * Per entry of `c.endOfRound`: its objective's kind ({@link END}),
 * read from the definition's strings once per setup rather than at every round's end. A compiled
 * setup and its objectives never change, so the kinds kept for `c` hold while `c` is the one.
 */
function endKindsOf(c: Compiled): Int32Array {
  if (ends.c !== c) {
    ends.c = c;
    ends.kind = Int32Array.from(c.endOfRound, (i) => {
      const d = c.objectives[i]!.def;
      if (d.kind === 'reach') return d.once === true ? END.REACH_ONCE : END.REACH;
      return d.kind === 'control' && d.by === 'value' ? END.CONTROL_BY_VALUE : END.CONTROL;
    });
  }
  return ends.kind;
}

/** End-of-round objectives (R9.4): `reach` and `control`. */
export function scoreEndOfRound(s: BattleState, c: Compiled, events: EventLog): void {
  const list = c.endOfRound;
  if (list.length === 0) return;
  // Reading the index may work out action limits, which mark coverage slots: `indexRead` reads with
  // the recorder off, as the runner and `sideMayAct` read it (the index is derived data: nothing the rules mark changes).
  const indexed = indexRead(s);
  const kinds = endKindsOf(c);
  for (let j = 0; j < list.length; j++) {
    const i = list[j]!;
    const o = c.objectives[i]!;
    const kind = kinds[j]!;
    // Presence per side: members, or their die sizes for `control` by value.
    const present = presenceIn(s, c, o.area, kind === END.CONTROL_BY_VALUE, indexed);
    const present0 = present & 0xffff;
    const present1 = present >>> 16;
    if (kind === END.REACH || kind === END.REACH_ONCE) {
      for (let side = 0; side < 2; side++) {
        if ((side === 0 ? present0 : present1) > 0 && allowed(o, side) && !(kind === END.REACH_ONCE && s.scored[i * 2 + side]! > 0)) {
          markSlot(CR.endOfRound);
          score(s, c, side, o.points, i, events);
        }
      }
    } else if (present0 !== present1) {
      const side = present0 > present1 ? 0 : 1;
      if (allowed(o, side)) {
        markSlot(CR.endOfRound);
        score(s, c, side, o.points, i, events);
      }
    }
  }
}

/** End-of-battle objectives: `protect` and `survive` (R9.1), in objective order (`c.endOfBattle`). */
export function scoreEndOfBattle(s: BattleState, c: Compiled, events: EventLog): void {
  const list = c.endOfBattle;
  for (let j = 0; j < list.length; j++) {
    const i = list[j]!;
    const o = c.objectives[i]!;
    const d = o.def;
    if (d.kind === 'protect') {
      for (const m of o.named) {
        const side = c.sideOf[m]!;
        if (allowed(o, side) && (s.flags[m]! & FLAG.incapacitated) === 0) score(s, c, side, o.points, i, events);
      }
    } else if (d.kind === 'survive') {
      for (let side = 0; side < 2; side++) {
        const from = c.first[side]!;
        const to = c.end[side]!;
        let alive = 0;
        for (let m = from; m < to; m++) if (isActive(s, m)) alive++;
        if (allowed(o, side) && alive >= (d.count ?? 1)) score(s, c, side, o.points, i, events);
      }
    }
  }
}

/**
 * True when every completable objective is done (R9.5 `endWhen.allObjectivesDone`): interact
 * completed, `reach` with `once` scored, `eliminate` of named members all incapacitated.
 * Ongoing objectives (control, repeating reach, protect, survive, eliminate-any) are ignored;
 * with no completable objective the condition never holds.
 */
export function allObjectivesDone(s: BattleState, c: Compiled): boolean {
  let completable = 0;
  for (let i = 0; i < c.objectives.length; i++) {
    const o = c.objectives[i]!;
    const d = o.def;
    const scored = s.scored[i * 2]! + s.scored[i * 2 + 1]!;
    if (d.kind === 'interact' || (d.kind === 'reach' && d.once === true)) {
      completable++;
      if (scored === 0) return false;
    } else if (d.kind === 'eliminate' && d.any !== true && o.named.length > 0) {
      completable++;
      if (o.named.some((m) => (s.flags[m]! & FLAG.incapacitated) === 0)) return false;
    }
  }
  return completable > 0;
}
