/**
 * Greedy's turn decisions (R2.4, R3.1, R8, R9) and responses (R3.2) by exact state: greedy's
 * choice is a pure function of the battle state (every score reads the state only, every memo
 * behind them is keyed by the state it depends on), so a state decided in before has the same
 * codes tied for best, and the same draw among them picks the same code. Simulations meet the same
 * state again and again (greedy vs greedy on the example scenarios: 95–99 % of decisions after
 * warm-up), so a hit skips every score (and a turn's enumeration).
 *
 * A signature is every field of the state that the engine changes during a battle — round, sides,
 * points, per member one word of Health, actions used, flags, Last Stand losses and Area, per
 * objective and side one word of progress, scores and last worker, and morale — except the dice's
 * rng (the bot draws from its own) and the events; for a response, its Clash's pairs as well.
 * States with phased orders or engagement rounds, or a value out of its word's range, are not
 * kept (their decisions are scored every time). Direct-mapped: an entry keeps its whole
 * signature, so a hit is exact; a collision only replaces the older decision.
 */
import type { Compiled } from '../compiled';
import { clashOf } from '../pending-clash';
import { HELD } from '../phased';
import type { BattleState } from '../types';

/** Most codes an entry keeps tied for best (a decision with more ties is scored every time). */
export const MAX_TIES = 15;
/** Int32 words of the whole table (16 MiB at most; the entry count is a power of two that fits). */
const TABLE_WORDS = 1 << 22;
/** Most entries (a power of two). */
const MAX_ENTRIES = 1 << 16;
/** Scalars at the head of a signature: round, side, initiative, last initiative, first phase, points ×2. */
const HEAD = 7;

/**
 * A memo of greedy decisions of one phase, by setup (a new setup starts it over): turns, or
 * responses to a pending Clash (R3.2) — whose signature adds the Clash's pairs (R4.1): target,
 * mode and attackers of each, in pair order (a response is asked for right after the declaration,
 * so nothing else of the pending Clash is set yet).
 */
export class DecisionMemo {
  /** Entries at most (a power of two), and whether the memo keeps responses (else turns). */
  private readonly entries: number;
  private readonly respond: boolean;
  private c: Compiled | null = null;
  /** Words of a signature, and of an entry: [generation (0: empty), ties, signature, tied code indices]. */
  private width = 0;
  private line = 0;
  private mask = 0;
  private table = new Int32Array(0);
  private probe = new Int32Array(0);
  /** Where the probed signature's entry starts, or −1 when the state cannot be kept. */
  private at = -1;
  /** Entries of another generation are empty: {@link forget} starts a new one. */
  private generation = 1;
  /** Whether every value of the probed signature fits its word. */
  private exact = true;
  /** Codes tied for best in the entry {@link find} found; their enumeration indices are {@link tie}. */
  ties = 0;

  constructor(phase: 'turn' | 'respond', entries = MAX_ENTRIES) {
    this.respond = phase === 'respond';
    this.entries = entries;
  }

  /** Sizes the table for setup `c` and empties it. */
  private bind(c: Compiled, s: BattleState): void {
    this.c = c;
    // A response's Clash: its pair count, one word per pair, its attackers (each member attacks once at most).
    this.width = HEAD + c.n + s.progress.length + s.morale.length + (this.respond ? 1 + 2 * c.n : 0);
    this.line = 2 + this.width + MAX_TIES;
    let entries = this.entries;
    while (entries > 1 && entries * this.line > TABLE_WORDS) entries >>= 1;
    this.mask = entries - 1;
    this.table = new Int32Array(entries * this.line);
    this.generation = 1;
    this.probe = new Int32Array(this.width);
  }

  /**
   * Writes the signature of state `s` (in the memo's phase) and looks it up: true when a decision is kept for it
   * (then {@link ties} and {@link tie} give it). False as well when the state cannot be kept.
   */
  find(s: BattleState, c: Compiled): boolean {
    if (this.c !== c) this.bind(c, s);
    this.at = -1;
    if (s.phase !== (this.respond ? 'respond' : 'turn') || s.phased !== undefined || s.engaged !== undefined) return false;
    // A turn has no pending Clash (R3); a response's is read from the engine's storage (clashOf).
    if (!this.respond && s.pending !== null) return false;
    this.exact = true;
    outOfRange = false;
    this.put(0, s.round);
    this.put(1, s.side);
    this.put(2, s.initiative);
    this.put(3, s.lastInitiative);
    this.put(4, s.firstPhase ? 1 : 0);
    this.put(5, s.points[0]);
    this.put(6, s.points[1]);
    let w = HEAD;
    // One word per member and per objective side: fields packed in bit ranges they are checked to fit.
    for (let m = 0; m < c.n; m++) {
      this.put(w++, field(s.health[m]!, 12) | (usedField(s.used[m]!) << 12) | (field(s.flags[m]!, 8) << 16) | (field(s.lastStandLosses[m]!, 4) << 24) | (field(s.area[m]!, 4) << 28));
    }
    for (let i = 0; i < s.progress.length; i++) this.put(w++, field(s.progress[i]!, 12) | (field(s.scored[i]!, 12) << 12) | (field(s.lastWorker[i]! + 1, 8) << 24));
    for (let i = 0; i < s.morale.length; i++) this.put(w++, s.morale[i]!);
    if (this.respond) {
      const clash = clashOf(s);
      const pairs = clash.pairCount;
      const attackers = clash.pairStart[pairs]!;
      if (pairs + attackers > 2 * c.n) return false;
      this.put(w++, pairs);
      for (let i = 0; i < pairs; i++) this.put(w++, field(clash.pairTarget[i]!, 8) | (field(clash.pairMode[i]!, 8) << 8) | (field(clash.pairStart[i + 1]! - clash.pairStart[i]!, 8) << 16));
      for (let x = 0; x < attackers; x++) this.put(w++, clash.att[x]!);
      while (w < this.width) this.put(w++, 0);
    }
    // Exactness: a value its word (or bit range) does not hold (a fraction, a huge number) is not kept.
    if (!this.exact || outOfRange) return false;
    const p = this.probe;
    let h = 0x9e3779b9;
    for (let i = 0; i < w; i++) {
      h = Math.imul(h ^ p[i]!, 0xcc9e2d51);
      h ^= h >>> 15;
    }
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    const at = ((h ^ (h >>> 16)) & this.mask) * this.line;
    this.at = at;
    const t = this.table;
    if (t[at] !== this.generation) return false;
    for (let i = 0; i < w; i++) if (t[at + 2 + i] !== p[i]) return false;
    this.ties = t[at + 1]!;
    return true;
  }

  /** Writes `v` at probe word `w`; clears {@link exact} when the word does not hold it exactly. */
  private put(w: number, v: number): void {
    this.probe[w] = v;
    if (this.probe[w] !== v) this.exact = false;
  }

  /** Enumeration index of the `i`-th code tied for best in the decision {@link find} found. */
  tie(i: number): number {
    return this.table[this.at + 2 + this.width + i]!;
  }

  /** Keeps the decision of the state {@link find} last probed (and missed): the enumeration indices `tied[0 .. count − 1]`. */
  keep(tied: Int32Array, count: number): void {
    if (this.at < 0 || count > MAX_TIES) return;
    const t = this.table;
    const at = this.at;
    t[at] = this.generation;
    t[at + 1] = count;
    t.set(this.probe, at + 2);
    for (let i = 0; i < count; i++) t[at + 2 + this.width + i] = tied[i]!;
    this.at = -1;
  }

  /** Forgets every decision (tests compare a cold memo with a warm one). */
  forget(): void {
    this.generation++;
    this.at = -1;
  }
}

/** Set when a {@link field} did not fit its bits (cleared and read by {@link DecisionMemo.find}). */
let outOfRange = false;

/** Actions used (R2.5) in 4 bits: 0 .. 14, and 15 for {@link HELD} (a Hold: done for the round, R2.4). */
const usedField = (v: number): number => {
  if (v === HELD) return 15;
  if (v < 15) return field(v, 4);
  outOfRange = true;
  return 0;
};

/** `v` when it is an integer of `bits` bits (0 .. 2^bits − 1); else 0 and {@link outOfRange} set. */
const field = (v: number, bits: number): number => {
  if (v >= 0 && v < 1 << bits && Math.floor(v) === v) return v;
  outOfRange = true;
  return 0;
};
