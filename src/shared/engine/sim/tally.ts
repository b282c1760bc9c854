/**
 * A simulation range's battles counted straight from their end states into typed arrays
 * ({@link RunTally}) and added to the accumulator in one go ({@link flushTally}), instead of an
 * outcome object and `addRun` per battle: the same counts, examples and key order (tally.test.ts).
 */
import type { BattleSetup } from '../types';
import { FLAG } from '../types';
import type { PlayedBattle } from './runner';
import { bucketKey, bump, earliestOf, flatOf, keepBucket, keepExampleAt, keysOf } from './stats';
import type { SimAccumulator, SimLayout } from './stats';

/**
 * One simulation range's runs counted in typed arrays, added into an accumulator by
 * {@link flushTally}: the runner writes each battle straight in here ({@link tallyRun}), with
 * no `RunOutcome` built and no string-keyed lookup per battle. Safe because a range adds its
 * runs in increasing index order and nothing reads the accumulator until the range returns or
 * reports progress (the runner flushes first): a flush adds the same counts, keeps the same
 * earliest examples, and inserts new bucket and example keys in the order of their first run,
 * as stats.ts `addRun` of each run in turn would (tested). A run outside the tally's ranges (rounds
 * above `maxRounds`, points outside 0..{@link TALLY_POINTS}−1) is not tallied: the runner flushes
 * and adds it with `addRun`.
 */
export class RunTally {
  readonly sides: number;
  readonly members: number;
  readonly objectives: number;
  readonly areas: number;
  /** Highest number of rounds tallied (`roundsHist` has one more slot). */
  readonly maxRounds: number;
  /** Per member slot: its side. */
  readonly memberSide: Int32Array;
  runs = 0;
  draws = 0;
  roundsSum = 0;
  fullLength = 0;
  readonly wins: Int32Array;
  /** [rounds]. */
  readonly roundsHist: Int32Array;
  /** [side * TALLY_POINTS + points]. */
  readonly points: Int32Array;
  readonly incapacitated: Int32Array;
  readonly incapacitatedWins: Int32Array;
  /** [o * sides + side]. */
  readonly objectivesDone: Int32Array;
  readonly objectiveWins: Int32Array;
  /** [side * areas + area]. */
  readonly areasEntered: Int32Array;
  /** [first * (sides + 1) + outcome], outcome a side index or `sides` for a draw. */
  readonly byFirst: Int32Array;
  /** Buckets by [rounds * (sides + 1) + winner + 1]: runs, and the first run's index and seed. */
  readonly bucketCount: Int32Array;
  readonly bucketIndex: Float64Array;
  readonly bucketSeed: Float64Array;
  /** Bucket slots in the order of their first run. */
  readonly bucketOrder: Int32Array;
  bucketN = 0;
  /** Example key slots (first, objective, member keys as in {@link LayoutKeys}): first run's index (−1: none yet) and seed. */
  readonly exampleIndex: Float64Array;
  readonly exampleSeed: Float64Array;
  readonly exampleOrder: Int32Array;
  exampleN = 0;
  /** Where the objective and the member example keys start. */
  readonly objectiveAt: number;
  readonly memberAt: number;
  /** Per coverage entry: runs in which it fired (empty when the layout has no coverage). */
  readonly coverage: Int32Array;
  /**
   * Coverage is counted per recorder slot for the entries of one slot (most: an effect, a rule, an
   * objective, an Area): `slotHits[s]` runs in which slot s fired, added to those entries at a flush.
   * Only the entries of several slots (a source of several effects) are checked per run, in
   * `multiAt`/`multiSlots` ({@link flatOf}'s layout for `multiEntry`).
   */
  readonly slotHits: Int32Array;
  /** The one-slot entries and their slots. */
  readonly singleEntry: Int32Array;
  readonly singleSlot: Int32Array;
  readonly multiEntry: Int32Array;
  readonly multiAt: Int32Array;
  readonly multiSlots: Int32Array;

  constructor(layout: SimLayout, maxRounds: number) {
    const n = layout.sides.length;
    this.sides = n;
    this.members = layout.members.length;
    this.objectives = layout.objectives.length;
    this.areas = layout.areas.length;
    this.maxRounds = maxRounds;
    this.memberSide = Int32Array.from(layout.members, (m) => m.side);
    this.wins = new Int32Array(n);
    this.roundsHist = new Int32Array(maxRounds + 1);
    this.points = new Int32Array(n * TALLY_POINTS);
    this.incapacitated = new Int32Array(this.members);
    this.incapacitatedWins = new Int32Array(this.members);
    this.objectivesDone = new Int32Array(this.objectives * n);
    this.objectiveWins = new Int32Array(this.objectives * n);
    this.areasEntered = new Int32Array(n * this.areas);
    this.byFirst = new Int32Array(n * (n + 1));
    const buckets = (maxRounds + 1) * (n + 1);
    this.bucketCount = new Int32Array(buckets);
    this.bucketIndex = new Float64Array(buckets);
    this.bucketSeed = new Float64Array(buckets);
    this.bucketOrder = new Int32Array(buckets);
    this.objectiveAt = n * (n + 1);
    this.memberAt = this.objectiveAt + this.objectives * n * 2;
    const examples = this.memberAt + this.members * 4;
    this.exampleIndex = new Float64Array(examples).fill(-1);
    this.exampleSeed = new Float64Array(examples);
    this.exampleOrder = new Int32Array(examples);
    this.coverage = new Int32Array(layout.coverage?.length ?? 0);
    const entries = layout.coverage ?? [];
    const single = entries.flatMap((e, i) => (e.slots.length === 1 ? [i] : []));
    const multi = entries.flatMap((e, i) => (e.slots.length === 1 ? [] : [i]));
    this.singleEntry = Int32Array.from(single);
    this.singleSlot = Int32Array.from(single, (i) => entries[i]!.slots[0]!);
    this.slotHits = new Int32Array(this.singleSlot.reduce((n, slot) => Math.max(n, slot + 1), 0));
    const flat = flatOf(multi.map((i) => entries[i]!));
    this.multiEntry = Int32Array.from(multi);
    this.multiAt = flat.at;
    this.multiSlots = flat.slots;
  }

  /** Counts the run for every coverage entry one of whose slots fired (as `addCoverage`). */
  fired(fired: Uint8Array): void {
    const hits = this.slotHits;
    const n = Math.min(hits.length, fired.length);
    for (let s = 0; s < n; s++) hits[s]! += fired[s] === 1 ? 1 : 0;
    const at = this.multiAt;
    const slots = this.multiSlots;
    const entries = this.multiEntry;
    const counts = this.coverage;
    for (let i = 0, k = 0; i < entries.length; i++) {
      const end = at[i + 1]!;
      for (; k < end; k++) {
        if (fired[slots[k]!] === 1) {
          counts[entries[i]!]!++;
          k = end;
          break;
        }
      }
    }
  }

  /** Notes run `index` (seed `seed`) in bucket slot `at`. */
  bucket(at: number, index: number, seed: number): void {
    if (this.bucketCount[at]!++ === 0) {
      this.bucketIndex[at] = index;
      this.bucketSeed[at] = seed;
      this.bucketOrder[this.bucketN++] = at;
    }
  }

  /** Notes run `index` (seed `seed`) for example key slot `slot`: only its first run counts. */
  example(slot: number, index: number, seed: number): void {
    if (this.exampleIndex[slot]! < 0) {
      this.exampleIndex[slot] = index;
      this.exampleSeed[slot] = seed;
      this.exampleOrder[this.exampleN++] = slot;
    }
  }
}

/** Points per side a {@link RunTally} counts in its array (0..TALLY_POINTS − 1). */
export const TALLY_POINTS = 64;

/** Adds the runs of `t` to `acc` (of `layout`) in place, as `addRun` of each in turn would, and empties `t`. */
export const flushTally = (t: RunTally, acc: SimAccumulator, layout: SimLayout): void => {
  if (t.runs === 0) return;
  const keys = keysOf(layout);
  const seen = earliestOf(acc, keys);
  const n = t.sides;
  acc.runs += t.runs;
  acc.draws += t.draws;
  acc.roundsSum += t.roundsSum;
  acc.fullLength += t.fullLength;
  t.runs = t.draws = t.roundsSum = t.fullLength = 0;
  const take = (a: Int32Array, i: number): number => {
    const v = a[i]!;
    a[i] = 0;
    return v;
  };
  for (let s = 0; s < n; s++) acc.wins[s] += take(t.wins, s);
  for (let r = 0; r <= t.maxRounds; r++) if (t.roundsHist[r] !== 0) bump(acc.roundsHist, r, take(t.roundsHist, r));
  for (let s = 0; s < n; s++) for (let p = 0; p < TALLY_POINTS; p++) if (t.points[s * TALLY_POINTS + p] !== 0) bump(acc.points[s], p, take(t.points, s * TALLY_POINTS + p));
  for (let m = 0; m < t.members; m++) {
    acc.incapacitated[m] += take(t.incapacitated, m);
    acc.incapacitatedWins[m] += take(t.incapacitatedWins, m);
  }
  for (let o = 0; o < t.objectives; o++) {
    for (let s = 0; s < n; s++) {
      acc.objectives[o][s] += take(t.objectivesDone, o * n + s);
      acc.objectiveWins[o][s] += take(t.objectiveWins, o * n + s);
    }
  }
  for (let s = 0; s < n; s++) for (let a = 0; a < t.areas; a++) acc.areasEntered[s][a] += take(t.areasEntered, s * t.areas + a);
  for (let f = 0; f < n; f++) for (let o = 0; o <= n; o++) acc.byFirst[f][o] += take(t.byFirst, f * (n + 1) + o);
  for (let i = 0; i < t.bucketN; i++) {
    const at = t.bucketOrder[i]!;
    const rounds = Math.floor(at / (n + 1));
    keepBucket(acc.buckets, bucketKey(keys, layout, rounds, (at % (n + 1)) - 1), take(t.bucketCount, at), t.bucketIndex[at]!, t.bucketSeed[at]!);
  }
  t.bucketN = 0;
  for (let i = 0; i < t.exampleN; i++) {
    const slot = t.exampleOrder[i]!;
    const key = slot < t.objectiveAt ? keys.first[slot]! : slot < t.memberAt ? keys.objective[slot - t.objectiveAt]! : keys.member[slot - t.memberAt]!;
    keepExampleAt(acc, seen, slot, key, t.exampleIndex[slot]!, t.exampleSeed[slot]!);
    t.exampleIndex[slot] = -1;
  }
  t.exampleN = 0;
  for (let i = 0; i < t.singleEntry.length; i++) t.coverage[t.singleEntry[i]!]! += t.slotHits[t.singleSlot[i]!]!;
  t.slotHits.fill(0);
  for (let i = 0; i < t.coverage.length; i++) {
    const v = take(t.coverage, i);
    if (acc.coverage !== undefined) acc.coverage[i]! += v;
  }
};

/** `layout` is the one of `setup` (runner.ts `layoutOf`): the tally's sizes are the battle state's. */
export const fitsTally = (setup: BattleSetup, layout: SimLayout): boolean =>
  layout.sides.length === 2 &&
  layout.members.length === setup.sides[0].members.length + setup.sides[1].members.length &&
  layout.objectives.length === setup.objectives.length &&
  layout.areas.length === setup.areas.length &&
  Number.isInteger(setup.rounds) &&
  setup.rounds >= 0 &&
  setup.rounds < 4096;

/**
 * `addRun` of the battle's `outcomeOf`, counted into `t` instead (same facts, read from
 * the end state; the examples in addRun's order: first player, objectives, members). False, with
 * nothing counted, when the battle falls outside the tally's ranges.
 */
export const tallyRun = (t: RunTally, setup: BattleSetup, played: PlayedBattle, index: number, seed: number): boolean => {
  const s = played.state;
  const res = s.result;
  const winner = res === null || res.winner === null ? -1 : setup.sides[0].id === res.winner ? 0 : setup.sides[1].id === res.winner ? 1 : -1;
  const rounds = res?.rounds ?? s.round;
  const p0 = s.points[0];
  const p1 = s.points[1];
  if (!(Number.isInteger(rounds) && rounds >= 0 && rounds <= t.maxRounds)) return false;
  if (!(Number.isInteger(p0) && p0 >= 0 && p0 < TALLY_POINTS && Number.isInteger(p1) && p1 >= 0 && p1 < TALLY_POINTS)) return false;
  t.runs++;
  if (winner >= 0) t.wins[winner]!++;
  else t.draws++;
  t.roundsSum += rounds;
  t.roundsHist[rounds]!++;
  t.points[p0]!++;
  t.points[TALLY_POINTS + p1]!++;
  const areas = t.areas;
  const [a, b] = played.areasEntered;
  for (let i = 0; i < areas; i++) {
    if (a![i]) t.areasEntered[i]!++;
    if (b![i]) t.areasEntered[areas + i]!++;
  }
  if (rounds >= setup.rounds && (res?.reason ?? 'rounds') === 'rounds') t.fullLength++;
  t.bucket(rounds * 3 + winner + 1, index, seed);
  const first = played.first === 1 ? 1 : 0;
  t.byFirst[first * 3 + (winner < 0 ? 2 : winner)]!++;
  t.example(first * 3 + winner + 1, index, seed);
  const scored = s.scored;
  for (let o = 0; o < t.objectives; o++) {
    for (let side = 0; side < 2; side++) {
      if (!(scored[o * 2 + side]! > 0)) continue;
      const won = winner === side ? 1 : 0;
      t.objectivesDone[o * 2 + side]!++;
      t.objectiveWins[o * 2 + side]! += won;
      t.example(t.objectiveAt + (o * 2 + side) * 2 + won, index, seed);
    }
  }
  const flags = s.flags;
  for (let m = 0; m < t.members; m++) {
    const out = (flags[m]! & (FLAG.incapacitated | FLAG.fled)) !== 0;
    const won = winner === t.memberSide[m];
    if (out) {
      t.incapacitated[m]!++;
      if (won) t.incapacitatedWins[m]!++;
    }
    t.example(t.memberAt + m * 4 + (out ? 2 : 0) + (won ? 1 : 0), index, seed);
  }
  if (played.fired !== undefined) t.fired(played.fired);
  return true;
};
