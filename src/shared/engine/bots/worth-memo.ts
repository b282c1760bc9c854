/**
 * A bounded memo of group worths across decisions and battles (R3.1–R3.4): what a target attacked
 * by an ordered set of single attackers and Swarms (R6.1) is worth to them is a pure function of the target's state,
 * whether it is ready, and each attacker's state (their state keys, see {@link OddsCache.memberKey}).
 * Direct-mapped: each entry keeps its whole signature, so a hit is exact and a collision only
 * replaces the older value. An entry is one 32- or 64-byte line: one memory access per lookup.
 */
import type { Compiled } from '../compiled';

/** Doubles per long entry: [worth, header (attackers, target, ready, target key), then two attackers per double]. */
const LINE = 8;
/** Doubles per short entry (up to {@link SHORT_ATTACKERS} attackers): a 32-byte line. */
const SHORT_LINE = 4;
/** Most attackers a short entry holds. */
const SHORT_ATTACKERS = 2 * (SHORT_LINE - 2);
/** Entries of the short and long tables (powers of two): most signatures are short, so their table is the larger. */
const SHORT_ENTRIES = 1 << 13;
const LONG_ENTRIES = 1 << 10;
/** Most attackers a signature holds. */
export const WORTH_MAX_ATTACKERS = 2 * (LINE - 2);
/** Member keys below this fit a signature (see {@link StateMemo.memberKey}: below 2^16). */
const KEY_LIMIT = 1 << 16;
/** One attacker of a signature is a number below this (key, member, kind): two fit a double exactly. */
const ITEM_SPAN = KEY_LIMIT * 16 * 4;
/** How an attacker of a signature attacks (see {@link WorthMemo.add}). */
export const SINGLE = 0;
export const SWARM_LEAD = 1;
export const SWARM_MEMBER = 2;

/**
 * One memo per thread or bot cache (values hold for one setup: its `Compiled`). Signatures of up
 * to {@link SHORT_ATTACKERS} attackers live in a table of 32-byte lines, longer ones in one of
 * 64-byte lines: 320 KiB in all, so that the memo stays in a core's cache.
 */
export class WorthMemo {
  private readonly short = new Float64Array(SHORT_ENTRIES * SHORT_LINE);
  private readonly long = new Float64Array(LONG_ENTRIES * LINE);
  private c: Compiled | null = null;
  /** The signature being looked up (`probe[1 ..]`), its attacker count and hash (see {@link start}, {@link add}). */
  private readonly probe = new Float64Array(LINE);
  private count = 0;
  private target = 0;
  private hash = 0;
  /** The worth {@link find} found. */
  found = 0;

  /** Starts the signature of target `t` (ready or not, state key `key`) for setup `c`; false when it cannot be keyed. */
  start(c: Compiled, t: number, ready: boolean, key: number): boolean {
    if (this.c !== c) {
      this.c = c;
      this.short.fill(0);
      this.long.fill(0);
    }
    if (key < 0 || key >= KEY_LIMIT || t > 15) return false;
    this.count = 0;
    this.target = ((key * 2 + (ready ? 1 : 0)) * 16 + t) * 16;
    this.hash = Math.imul(this.target ^ 0x9e3779b9, 0x85ebca6b);
    return true;
  }

  /**
   * Adds attacker `a` with state key `key` (in the order the attackers are summed); `kind` says how
   * it attacks: {@link SINGLE} (a pair of its own), {@link SWARM_LEAD} (a Swarm's first member: a
   * new pair, R6.1) or {@link SWARM_MEMBER} (in the Swarm just begun). False when it cannot be keyed.
   */
  add(a: number, key: number, kind = SINGLE): boolean {
    if (key < 0 || key >= KEY_LIMIT || a > 15 || this.count >= WORTH_MAX_ATTACKERS) return false;
    const v = (key * 16 + a) * 4 + kind + 1;
    const at = 2 + (this.count >> 1);
    if ((this.count & 1) === 0) this.probe[at] = v;
    else this.probe[at] += v * ITEM_SPAN;
    this.count++;
    this.hash = Math.imul(this.hash ^ v, 0xcc9e2d51);
    this.hash ^= this.hash >>> 15;
    return true;
  }

  /** The worth stored for the signature being looked up, else undefined. */
  get(): number | undefined {
    return this.find() ? this.found : undefined;
  }

  /** Whether a worth is stored for the signature being looked up; if so it is in {@link found} (no boxed number returned). */
  find(): boolean {
    const lines = this.count <= SHORT_ATTACKERS ? this.short : this.long;
    const at = this.entry();
    const p = this.probe;
    p[1] = this.target + this.count;
    const words = 2 + ((this.count + 1) >> 1);
    for (let i = 1; i < words; i++) if (lines[at + i] !== p[i]) return false;
    this.found = lines[at]!;
    return true;
  }

  /** Stores the worth of the signature being looked up (replacing whatever held its entry). */
  set(worth: number): void {
    one[0] = worth;
    this.setFrom(one, 0);
  }

  /** {@link set} of `values[i]`: the hot path's form (a double passed to a call that is not inlined is boxed, i.e. garbage). */
  setFrom(values: Float64Array, i: number): void {
    const worth = values[i]!;
    const lines = this.count <= SHORT_ATTACKERS ? this.short : this.long;
    const at = this.entry();
    const p = this.probe;
    p[1] = this.target + this.count;
    const words = 2 + ((this.count + 1) >> 1);
    lines[at] = worth;
    for (let i = 1; i < words; i++) lines[at + i] = p[i]!;
  }

  /** Where the signature's entry starts in its table. */
  private entry(): number {
    const h = Math.imul(this.hash ^ (this.hash >>> 13), 0xc2b2ae35);
    const x = h ^ (h >>> 16);
    return this.count <= SHORT_ATTACKERS ? (x & (SHORT_ENTRIES - 1)) * SHORT_LINE : (x & (LONG_ENTRIES - 1)) * LINE;
  }
}

/** The worth handed over by {@link WorthMemo.set}. */
const one = new Float64Array(1);
