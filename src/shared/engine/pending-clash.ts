/**
 * The pending Clash (R3.1–R3.3, R4, R6) in reused typed storage: what the engine reads and writes
 * while a Clash waits for its response or a Swarm-loss choice (R6.3) and while it resolves. Each
 * state's own storage is kept beside it (a WeakMap), so that copies, JSON and structured clones
 * see only the public `pending` — the view {@link pendingView} builds where a public caller asks
 * (`applyAction`), never on the simulation path.
 */
import { grow } from './action-buffer';
import type { BattleState, PendingClash, PendingPair, SideIndex } from './types';

/**
 * Pair modes (`PendingPair.mode`): one attacker, a Swarm (R6), a keepHighest group (R12). A const
 * enum: esbuild writes its members as literals, where a module `const` is a context load per use.
 */
export const enum MODE {
  SINGLE = 0,
  SWARM = 1,
  GROUP = 2,
}
const MODE_NAMES = ['single', 'swarm', 'group'] as const;

/** Defender marks: none recorded for a target yet (it has not been answered). A const enum: a literal where used. */
const enum DEF {
  UNSET = -2,
}

/** Engine-internal storage of one state's pending Clash; sized up on demand, never shrunk. */
export class ClashWork {
  /** Side that declared the Clash. */
  side: SideIndex = 0;
  /** Pairs (R4.1): target, mode and attackers `att[pairStart[i] .. pairStart[i + 1])`. */
  pairCount = 0;
  pairTarget = new Int32Array(8);
  pairMode = new Uint8Array(8);
  pairStart = new Int32Array(9);
  att = new Int32Array(16);
  /** Distinct targets in first-targeted order. */
  targetCount = 0;
  targets = new Int32Array(8);
  /** Per member: its defender when it is a target (itself or an interceptor), −1 absorbing, −2 unanswered (R3.2, R3.3); write targets only (see `confined`). */
  defenderOf = new Int32Array(0);
  /** Resolution cursor, pair order (`orderCount` 0 until ordered) and first-strike stage end. */
  next = 0;
  order = new Int32Array(8);
  orderCount = 0;
  stageEnd = 0;
  /** Damage queued for simultaneous application, four numbers per hit: member, amount, armor, source (R4.5). */
  queued = new Float64Array(16);
  queuedCount = 0;
  /** Per member: its once-rolled defender result (`defenderRolls: once`), NaN when none yet. */
  onceRoll = new Float64Array(0);
  /** Swarm members awaiting the loss choice (R6.3 `chosen`), and the member dealing that loss. */
  lossCount = 0;
  loss = new Int32Array(8);
  lossFrom = -1;
  /** Per pair, `phased.longerWeaponFirst` (R12): 1 attackers first, 2 defender, 0 neither; `hasReach` once set. */
  reach = new Uint8Array(8);
  hasReach = false;
  /** Attackers added to the pair being opened so far. */
  private attackersOpen = 0;
  /**
   * True when every {@link defenderOf} entry is unset and every {@link onceRoll} NaN but those of
   * this Clash's targets and of their defenders (the engine writes no others): {@link reset} then
   * clears just those. Storage loaded or copied whole is not known to be confined.
   */
  private confined = false;

  /**
   * Starts a new Clash of `side` over `n` members with room for `pairs` pairs of `attackers` attackers
   * in all. Kept small so that V8 may inline it where a Clash begins: only the last Clash's targets are cleared
   * when storage is {@link confined}, and sizing up happens in {@link clearAll} / {@link roomFor}.
   */
  reset(side: SideIndex, n: number, pairs: number, attackers: number): void {
    this.side = side;
    this.pairCount = 0;
    this.next = 0;
    this.orderCount = 0;
    this.stageEnd = 0;
    this.queuedCount = 0;
    this.lossCount = 0;
    this.lossFrom = -1;
    this.hasReach = false;
    this.attackersOpen = 0;
    if (this.confined && this.defenderOf.length >= n) {
      // Only the last Clash's targets have a defender, and only their defenders a once-roll.
      const defenders = this.defenderOf;
      for (let i = 0; i < this.targetCount; i++) {
        const t = this.targets[i]!;
        const d = defenders[t]!;
        if (d >= 0) this.onceRoll[d] = NaN;
        defenders[t] = DEF.UNSET;
      }
    } else this.clearAll(n);
    this.confined = true;
    this.targetCount = 0;
    if (this.pairTarget.length < pairs || this.att.length < attackers) this.roomFor(pairs, attackers);
    this.pairStart[0] = 0;
  }

  /** Clears every defender and once-roll, over storage for at least `n` members (the slow case of {@link reset}). */
  private clearAll(n: number): void {
    if (this.defenderOf.length < n) {
      this.defenderOf = new Int32Array(n);
      this.onceRoll = new Float64Array(n);
    }
    const defenders = this.defenderOf;
    const once = this.onceRoll;
    for (let m = 0; m < defenders.length; m++) {
      defenders[m] = DEF.UNSET;
      once[m] = NaN;
    }
  }

  /** Makes room for `pairs` pairs holding `attackers` attackers in all (contents kept). */
  roomFor(pairs: number, attackers: number): void {
    if (this.pairTarget.length < pairs) {
      this.pairTarget = grow(this.pairTarget, 2 * pairs);
      this.pairMode = grow(this.pairMode, 2 * pairs);
      this.pairStart = grow(this.pairStart, 2 * pairs + 1);
      this.targets = grow(this.targets, 2 * pairs);
      this.order = grow(this.order, 2 * pairs);
      this.reach = grow(this.reach, 2 * pairs);
    }
    if (this.att.length < attackers) this.att = grow(this.att, 2 * attackers);
  }

  /** Opens pair `pairCount` on `target` (its attackers follow through {@link addAttacker}, then {@link closePair}). */
  openPair(target: number, mode: number): void {
    const i = this.pairCount;
    this.roomFor(i + 1, this.pairStart[i]! + 1);
    this.pairTarget[i] = target;
    this.pairMode[i] = mode;
    this.noteTarget(target);
  }

  /** Adds `target` to the Clash's {@link targets} unless it is there already. */
  private noteTarget(target: number): void {
    let seen = false;
    for (let j = 0; j < this.targetCount && !seen; j++) seen = this.targets[j] === target;
    if (!seen) this.targets[this.targetCount++] = target;
  }

  /** Adds a whole single pair of attacker `m` on `target`: {@link openPair}, {@link addAttacker} and {@link closePair} in one step. */
  addSingle(m: number, target: number): void {
    const i = this.pairCount;
    const at = this.pairStart[i]!;
    this.roomFor(i + 1, at + 1);
    this.pairTarget[i] = target;
    this.pairMode[i] = MODE.SINGLE;
    this.att[at] = m;
    this.pairStart[i + 1] = at + 1;
    this.pairCount = i + 1;
    this.noteTarget(target);
  }

  /** Adds an attacker to the pair being opened. */
  addAttacker(m: number): void {
    const at = this.pairStart[this.pairCount]! + this.attackersOpen;
    if (this.att.length <= at) this.att = grow(this.att, 2 * (at + 1));
    this.att[at] = m;
    this.attackersOpen++;
  }

  /** Closes the pair being opened. */
  closePair(): void {
    const i = this.pairCount;
    this.pairStart[i + 1] = this.pairStart[i]! + this.attackersOpen;
    this.attackersOpen = 0;
    this.pairCount = i + 1;
  }

  /** The defender of target `t`: the target itself or its interceptor, −1 when it absorbs (or is unanswered). */
  defender(t: number): number {
    const d = this.defenderOf[t]!;
    return d >= 0 ? d : -1;
  }

  /** True when `m` is a target of this Clash. */
  targeted(m: number): boolean {
    for (let i = 0; i < this.targetCount; i++) if (this.targets[i] === m) return true;
    return false;
  }

  /** Copies `from` into this storage (a state's private working copy, R: states are never shared). */
  copyFrom(from: ClashWork): void {
    this.reset(from.side, from.defenderOf.length, from.pairCount, from.pairStart[from.pairCount]!);
    this.pairCount = from.pairCount;
    this.pairTarget.set(from.pairTarget.subarray(0, from.pairCount));
    this.pairMode.set(from.pairMode.subarray(0, from.pairCount));
    this.pairStart.set(from.pairStart.subarray(0, from.pairCount + 1));
    this.att.set(from.att.subarray(0, from.pairStart[from.pairCount]!));
    this.targetCount = from.targetCount;
    this.targets.set(from.targets.subarray(0, from.targetCount));
    this.defenderOf.set(from.defenderOf);
    this.next = from.next;
    this.orderCount = from.orderCount;
    this.order.set(from.order.subarray(0, from.orderCount));
    this.stageEnd = from.stageEnd;
    for (let i = 0; i < from.queuedCount; i++) this.queue(from.queued[i]!);
    this.onceRoll.set(from.onceRoll);
    this.confined = false;
    this.lossCount = from.lossCount;
    this.loss.set(from.loss.subarray(0, from.lossCount));
    this.lossFrom = from.lossFrom;
    this.hasReach = from.hasReach;
    this.reach.set(from.reach.subarray(0, from.pairCount));
  }

  /** Loads a public pending Clash (a state that came from outside the engine, e.g. JSON or a structured clone). */
  load(p: PendingClash, n: number): void {
    let attackers = 0;
    for (const pair of p.pairs) attackers += pair.attackers.length;
    this.reset(p.side, n, p.pairs.length, attackers);
    for (const pair of p.pairs) {
      this.openPair(pair.target, MODE_NAMES.indexOf(pair.mode));
      for (const m of pair.attackers) this.addAttacker(m);
      this.closePair();
    }
    for (const [t, d] of Object.entries(p.defenders)) this.defenderOf[Number(t)] = d;
    this.next = p.next;
    this.orderCount = p.order.length;
    this.order.set(p.order);
    this.stageEnd = p.stageEnd;
    for (const x of p.queued) this.queue(x);
    for (const [m, r] of Object.entries(p.onceRolls)) this.onceRoll[Number(m)] = r;
    this.confined = false;
    this.setLoss(p.lossChoices, p.lossChoices.length);
    this.lossFrom = p.lossFrom;
    if (p.reach !== undefined) {
      this.hasReach = true;
      this.reach.set(p.reach);
    }
  }

  /** Appends a hit to {@link queued}: member, amount, armor, source (one room check for the four). */
  queueHit(m: number, amount: number, armor: number, from: number): void {
    this.roomToQueue(4);
    const q = this.queued;
    const at = this.queuedCount;
    q[at] = m;
    q[at + 1] = amount;
    q[at + 2] = armor;
    q[at + 3] = from;
    this.queuedCount = at + 4;
  }

  /** Appends one number to {@link queued}. */
  queue(x: number): void {
    this.roomToQueue(1);
    this.queued[this.queuedCount++] = x;
  }

  /** Makes room in {@link queued} for `k` more numbers (contents kept). */
  private roomToQueue(k: number): void {
    if (this.queuedCount + k <= this.queued.length) return;
    const q = new Float64Array(2 * this.queued.length + k);
    q.set(this.queued);
    this.queued = q;
  }

  /** Sets the Swarm members awaiting the loss choice (R6.3). */
  setLoss(members: ArrayLike<number>, count: number): void {
    if (this.loss.length < count) this.loss = new Int32Array(2 * count);
    for (let i = 0; i < count; i++) this.loss[i] = members[i]!;
    this.lossCount = count;
  }
}

/**
 * Every state's storage, beside the state rather than on it: invisible to keys, JSON, spreads,
 * structured clones and deep equality, and the state object never changes shape (a field added
 * at a battle's first Clash gave every state read two shapes, and every read of it two checks).
 */
const stored = new WeakMap<BattleState, ClashWork>();

/**
 * The pending-Clash storage of `s`, attached on first use; a state without one (one made outside
 * the engine) gets it loaded from its public `pending`. A frozen state's storage is not kept.
 */
export function clashOf(s: BattleState): ClashWork {
  // The last state given storage has `lastWork` (see `attach`): no WeakMap lookup (a call) for it.
  if (s === lastHolder) return lastWork!;
  const w = stored.get(s);
  return w !== undefined ? w : attach(s, null);
}

/**
 * The last state given storage. Once that battle has ended its storage is never read again (an
 * ended state waits for nothing), so the next state takes it over: a simulation playing battle
 * after battle allocates one storage, not one per battle.
 */
let lastHolder: BattleState | null = null;
/** The storage of {@link lastHolder} (null when none). */
let lastWork: ClashWork | null = null;

/** Attaches storage to `s`: a copy of `from`, else loaded from `s.pending` when one waits. */
function attach(s: BattleState, from: ClashWork | null): ClashWork {
  if (!Object.isExtensible(s)) {
    const temp = new ClashWork();
    if (s.pending !== null && s.pending !== undefined) temp.load(s.pending, s.health.length);
    return temp;
  }
  let w: ClashWork | undefined;
  if (lastHolder !== null && lastHolder !== s && lastHolder.phase === 'ended') {
    w = stored.get(lastHolder);
    stored.delete(lastHolder);
  }
  if (w === undefined) w = new ClashWork();
  if (from !== null) w.copyFrom(from);
  else if (s.pending !== null && s.pending !== undefined) w.load(s.pending, s.health.length);
  stored.set(s, w);
  lastHolder = s;
  lastWork = w;
  return w;
}

/** True when a Clash waits in this phase (its response or a Swarm-loss choice): only then is `pending` set. */
const waits = (s: BattleState): boolean => s.phase === 'respond' || s.phase === 'swarmLoss';

/** Gives `copy` (a private working copy of `s`, see `cloneState`) its own copy of `s`'s pending-Clash storage. */
export function copyClash(s: BattleState, copy: BattleState): void {
  const w = stored.get(s);
  if (w !== undefined && waits(s)) attach(copy, w);
}

/** The public view of `s`'s pending Clash (a new object), or null when none waits. */
export function pendingView(s: BattleState): PendingClash | null {
  if (!waits(s)) return null;
  const w = clashOf(s);
  const pairs: PendingPair[] = [];
  for (let i = 0; i < w.pairCount; i++) {
    pairs.push({ attackers: Array.from(w.att.subarray(w.pairStart[i]!, w.pairStart[i + 1]!)), target: w.pairTarget[i]!, mode: MODE_NAMES[w.pairMode[i]!]! });
  }
  const defenders: Record<number, number> = {};
  const onceRolls: Record<number, number> = {};
  for (let m = 0; m < w.defenderOf.length; m++) {
    if (w.defenderOf[m]! !== DEF.UNSET) defenders[m] = w.defenderOf[m]!;
    if (!Number.isNaN(w.onceRoll[m]!)) onceRolls[m] = w.onceRoll[m]!;
  }
  const p: PendingClash = {
    side: w.side,
    pairs,
    defenders,
    next: w.next,
    order: Array.from(w.order.subarray(0, w.orderCount)),
    queued: Array.from(w.queued.subarray(0, w.queuedCount)),
    startHealth: [],
    startFlags: [],
    stageEnd: w.stageEnd,
    onceRolls,
    lossChoices: Array.from(w.loss.subarray(0, w.lossCount)),
    lossFrom: w.lossFrom,
  };
  if (w.hasReach) p.reach = Array.from(w.reach.subarray(0, w.pairCount));
  return p;
}

/** Writes the public view into `s.pending` (a public caller is about to see `s`); returns `s`. */
export function showPending<S extends BattleState>(s: S): S {
  s.pending = pendingView(s);
  return s;
}
