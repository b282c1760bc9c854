/**
 * The random turn's team memo (turn-draw.ts): per team, its number of Clash codes, kept for the
 * setup's whole life. Only this file writes it; turn-draw.ts reads `memo` and `memoFor`.
 */
import type { Compiled } from './compiled';

/**
 * Per team — Area and side, acting members and active enemies as masks — its number of Clash
 * codes: an open-addressing table, slot i is `memo[4i .. 4i + 3]` = own (0: empty), foe,
 * `2 × Area + side`, the number of codes. Valid for the setup's whole life: a team's Clash codes
 * follow from the team and the setup alone whenever they are kept (`keepsCodes` true:
 * `steadySwarms`), and the draw path is only taken then. Grown, or at its largest emptied, only
 * when a team new to it is about to be added ({@link memoRoom}).
 */
export let memoFor: Compiled | null = null;
const MEMO_FIRST = 256;
let memoMax = 1 << 14;
let memoSlots = MEMO_FIRST;
export let memo = new Int32Array(4 * MEMO_FIRST);
let memoEntries = 0;

/** Caps the memo at `slots` (a power of two; tests: emptied often), by default its largest size. */
export function limitTurnMemo(slots = 1 << 14): void {
  memoMax = slots;
  memoFor = null;
}

/** The memo's offset of team (own, foe, tag): where it is, else the empty slot where it would go. */
export function memoAt(own: number, foe: number, tag: number): number {
  let h = Math.imul(own ^ Math.imul(foe, 0x9e3779b1) ^ Math.imul(tag + 1, 0x7feb352d), 0x85ebca6b);
  h ^= h >>> 15;
  const mask = memoSlots - 1;
  const t = memo;
  for (let i = h & mask; ; i = (i + 1) & mask) {
    const at = 4 * i;
    const k = t[at]!;
    if (k === 0 || (k === own && t[at + 1] === foe && t[at + 2] === tag)) return at;
  }
}

/**
 * Makes room for one new team (before it is looked up, or probed again after): doubles the memo,
 * or empties it at its largest, when one more entry would fill more than half of it. True when it
 * did — every offset {@link memoAt} gave before is stale then.
 */
export function memoRoom(): boolean {
  if (2 * (memoEntries + 1) <= memoSlots) return false;
  const old = memo;
  if (memoSlots >= memoMax) {
    memo.fill(0);
    memoEntries = 0;
    return true;
  }
  memoSlots *= 2;
  memo = new Int32Array(4 * memoSlots);
  for (let i = 0; i < old.length; i += 4) {
    if (old[i] === 0) continue;
    const at = memoAt(old[i]!, old[i + 1]!, old[i + 2]!);
    for (let k = 0; k < 4; k++) memo[at + k] = old[i + k]!;
  }
  return true;
}

/** Starts the memo, empty, for setup `c`. */
export function startTeamMemo(c: Compiled): void {
  memoFor = c;
  memoSlots = Math.min(MEMO_FIRST, memoMax);
  memo = new Int32Array(4 * memoSlots);
  memoEntries = 0;
}

/** Remembers team (`own`, `foe`, `tag`) with `n` Clash codes at its empty offset `at` ({@link memoAt}). */
export function memoPut(at: number, own: number, foe: number, tag: number, n: number): void {
  memo[at] = own;
  memo[at + 1] = foe;
  memo[at + 2] = tag;
  memo[at + 3] = n;
  memoEntries++;
}
