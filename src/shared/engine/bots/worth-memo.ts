/**
 * A bounded memo of group worths across decisions and battles (R3.1–R3.4): what a target attacked
 * by an ordered set of single attackers is worth to them is a pure function of the target's state,
 * whether it is ready, and each attacker's state (their state keys, see {@link OddsCache.memberKey}).
 * Direct-mapped: each entry keeps its whole signature, so a hit is exact and a collision only
 * replaces the older value. An entry is one 64-byte line (8 doubles): one memory access per lookup.
 */
import type { Compiled } from '../compiled';

/** Entries of the memo (a power of two). */
const ENTRIES = 1 << 13;
/** Doubles per entry: [worth, header (attackers, target, ready, target key), then two attackers per double]. */
const LINE = 8;
/** Most attackers a signature holds. */
export const WORTH_MAX_ATTACKERS = 2 * (LINE - 2);
/** Member keys below this fit a signature (see {@link StateMemo.memberKey}: below 2^16). */
const KEY_LIMIT = 1 << 16;

/** One memo per bot cache (values hold for one setup: its `Compiled`). */
export class WorthMemo {
  private readonly lines = new Float64Array(ENTRIES * LINE);
  private c: Compiled | null = null;
  /** The signature being looked up (`probe[1 ..]`), its attacker count and hash (see {@link start}, {@link add}). */
  private readonly probe = new Float64Array(LINE);
  private count = 0;
  private target = 0;
  private hash = 0;

  /** Starts the signature of target `t` (ready or not, state key `key`) for setup `c`; false when it cannot be keyed. */
  start(c: Compiled, t: number, ready: boolean, key: number): boolean {
    if (this.c !== c) {
      this.c = c;
      this.lines.fill(0);
    }
    if (key < 0 || key >= KEY_LIMIT || t > 15) return false;
    this.count = 0;
    this.target = ((key * 2 + (ready ? 1 : 0)) * 16 + t) * 16;
    this.hash = Math.imul(this.target ^ 0x9e3779b9, 0x85ebca6b);
    return true;
  }

  /** Adds attacker `a` with state key `key` (in the order the attackers are summed); false when it cannot be keyed. */
  add(a: number, key: number): boolean {
    if (key < 0 || key >= KEY_LIMIT || a > 15 || this.count >= WORTH_MAX_ATTACKERS) return false;
    const v = key * 16 + a + 1;
    const at = 2 + (this.count >> 1);
    if ((this.count & 1) === 0) this.probe[at] = v;
    else this.probe[at] += v * (2 * KEY_LIMIT * 16);
    this.count++;
    this.hash = Math.imul(this.hash ^ v, 0xcc9e2d51);
    this.hash ^= this.hash >>> 15;
    return true;
  }

  /** The worth stored for the signature being looked up, else undefined. */
  get(): number | undefined {
    const at = this.entry() * LINE;
    const p = this.probe;
    p[1] = this.target + this.count;
    const words = 2 + ((this.count + 1) >> 1);
    for (let i = 1; i < words; i++) if (this.lines[at + i] !== p[i]) return undefined;
    return this.lines[at];
  }

  /** Stores the worth of the signature being looked up (replacing whatever held its entry). */
  set(worth: number): void {
    const at = this.entry() * LINE;
    const p = this.probe;
    p[1] = this.target + this.count;
    const words = 2 + ((this.count + 1) >> 1);
    this.lines[at] = worth;
    for (let i = 1; i < words; i++) this.lines[at + i] = p[i]!;
  }

  private entry(): number {
    const h = Math.imul(this.hash ^ (this.hash >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) & (ENTRIES - 1);
  }
}
