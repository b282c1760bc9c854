/**
 * The one place where runs are counted: a run's outcome is counted into typed arrays
 * ({@link RunTally}, {@link tallyOutcome}) and added to an accumulator in one go
 * ({@link flushTally}). A simulation range tallies its battles and flushes whenever anyone may
 * read the accumulator; {@link addRun} is a tally of one run, flushed at once.
 */
import { bucketKey, bump, earliestOf, flatOf, keepBucket, keepExampleAt, keysOf } from './stats';
import type { RunOutcome, SimAccumulator, SimLayout } from './stats';

/**
 * Runs counted in typed arrays ({@link tallyOutcome}), added into an accumulator by
 * {@link flushTally}: no string-keyed lookup per run. A flush adds the same counts, keeps the same
 * earliest examples, and inserts new bucket and example keys in the order of their first run, as
 * flushing after each run in turn would (tested): so a range may hold its runs until anyone may
 * read the accumulator (the runner flushes before each progress report and when it returns).
 * Rounds and points are counted by value: the arrays grow when a run has more of either than any
 * before (both are whole numbers ≥ 0, scenario.schema.json; rounds at most 50). A side's points
 * at or above {@link TALLY_POINTS} (the schema sets no maximum) are counted in
 * {@link RunTally.bigPoints}, so memory and a flush's work stay bounded.
 */
export class RunTally {
  readonly sides: number;
  readonly members: number;
  readonly objectives: number;
  readonly areas: number;
  /** Highest number of rounds the arrays hold (`roundsHist` has one more slot); grows ({@link growRounds}). */
  maxRounds: number;
  /** Per side: points ≥ {@link TALLY_POINTS} → runs, in the order of their first run. */
  readonly bigPoints: Map<number, number>[];
  /** Per member slot: its side. */
  readonly memberSide: Int32Array;
  runs = 0;
  draws = 0;
  roundsSum = 0;
  fullLength = 0;
  readonly wins: Int32Array;
  /** [rounds]. */
  roundsHist: Int32Array;
  /** [side * TALLY_POINTS + points], points below TALLY_POINTS. */
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
  bucketCount: Int32Array;
  bucketIndex: Float64Array;
  bucketSeed: Float64Array;
  /** Bucket slots in the order of their first run. */
  bucketOrder: Int32Array;
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
   * A run's flags are added four slots at a time ({@link lanes}), spilled into `slotHits` before
   * the byte-wide counts could overflow and at a flush.
   * Only the entries of several slots (a source of several effects) are checked per run, in
   * `multiAt`/`multiSlots` ({@link flatOf}'s layout for `multiEntry`).
   */
  readonly slotHits: Int32Array;
  /**
   * Per four recorder slots, one 32-bit word: four byte-wide counts of the runs in which each of
   * the four fired, added a word at a time from the flags' own words (flags are 0 or 1, so a byte
   * never carries into the next before 255 runs: {@link spill} empties the words by then). Byte b
   * of the words' memory is slot b's count whatever the platform's byte order, as in the flags.
   */
  readonly lanes: Uint32Array;
  /** {@link lanes} by byte: slot s's count is byte s. */
  readonly laneBytes: Uint8Array;
  /** Runs added to {@link lanes} since they were last spilled. */
  laneRuns = 0;
  /** The last flags seen by {@link fired} and their 32-bit words (null: not word-aligned, read byte by byte). */
  private flags: Uint8Array | null = null;
  private flagWords: Uint32Array | null = null;
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
    this.bigPoints = Array.from({ length: n }, () => new Map<number, number>());
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
    this.lanes = new Uint32Array((this.slotHits.length + 3) >> 2);
    this.laneBytes = new Uint8Array(this.lanes.buffer);
    const flat = flatOf(multi.map((i) => entries[i]!));
    this.multiEntry = Int32Array.from(multi);
    this.multiAt = flat.at;
    this.multiSlots = flat.slots;
  }

  /** Counts the run for every coverage entry one of whose slots fired (flags 0 or 1, by slot). */
  fired(fired: Uint8Array): void {
    if (fired !== this.flags) {
      this.flags = fired;
      this.flagWords = (fired.byteOffset & 3) === 0 ? new Uint32Array(fired.buffer, fired.byteOffset, fired.length >> 2) : null;
    }
    const words = this.flagWords;
    const lanes = this.lanes;
    const hits = this.slotHits;
    const n = Math.min(hits.length, fired.length);
    let s = 0;
    if (words !== null) {
      const w = Math.min(lanes.length, words.length);
      for (let i = 0; i < w; i++) lanes[i]! += words[i]!;
      s = Math.min(n, w * 4);
      if (++this.laneRuns === 255) this.spill();
    }
    for (; s < n; s++) hits[s]! += fired[s] === 1 ? 1 : 0;
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

  /** Makes room for runs of up to `rounds` rounds (the counts kept; a bucket slot does not depend on `maxRounds`). */
  growRounds(rounds: number): void {
    const grown = <T extends Int32Array | Float64Array>(a: T, length: number): T => {
      const b = new (a.constructor as new (n: number) => T)(length);
      b.set(a);
      return b;
    };
    const buckets = (rounds + 1) * (this.sides + 1);
    this.maxRounds = rounds;
    this.roundsHist = grown(this.roundsHist, rounds + 1);
    this.bucketCount = grown(this.bucketCount, buckets);
    this.bucketIndex = grown(this.bucketIndex, buckets);
    this.bucketSeed = grown(this.bucketSeed, buckets);
    this.bucketOrder = grown(this.bucketOrder, buckets);
  }

  /** Adds the byte-wide counts of {@link lanes} into `slotHits` and empties them. */
  spill(): void {
    for (let s = 0; s < this.slotHits.length; s++) this.slotHits[s]! += this.laneBytes[s]!;
    this.lanes.fill(0);
    this.laneRuns = 0;
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

/** Points per side a {@link RunTally} counts in its array (0..TALLY_POINTS − 1); more go to its `bigPoints`. */
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
  const cap = TALLY_POINTS;
  for (let s = 0; s < n; s++) {
    for (let p = 0; p < cap; p++) if (t.points[s * cap + p] !== 0) bump(acc.points[s], p, take(t.points, s * cap + p));
    // After the smaller ones, in the order of their first run: as `addRun` of each run in turn inserts them.
    const big = t.bigPoints[s]!;
    if (big.size !== 0) {
      for (const [p, runs] of big) bump(acc.points[s], p, runs);
      big.clear();
    }
  }
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
  t.spill();
  for (let i = 0; i < t.singleEntry.length; i++) t.coverage[t.singleEntry[i]!]! += t.slotHits[t.singleSlot[i]!]!;
  t.slotHits.fill(0);
  for (let i = 0; i < t.coverage.length; i++) {
    const v = take(t.coverage, i);
    if (acc.coverage !== undefined) acc.coverage[i]! += v;
  }
};

/** Whole numbers ≥ 0 (a battle's rounds and points). */
const isCount = (x: number): boolean => Number.isSafeInteger(x) && x >= 0;

/**
 * Counts one run into `t` (the tally of the run's layout): the per-run counting of the whole
 * simulation. `r.winner` is −1 (a draw) or a side index; rounds and points are whole numbers ≥ 0
 * (a RangeError otherwise: no battle ends with other values). The examples are noted in the
 * order of the accumulator's keys: first player, objectives, members.
 */
export const tallyOutcome = (t: RunTally, r: RunOutcome): void => {
  const n = t.sides;
  const winner = r.winner >= 0 ? r.winner : -1;
  const rounds = r.rounds;
  const points = r.points;
  if (!isCount(rounds)) throw new RangeError(`run ${r.index}: ${rounds} rounds`);
  for (let s = 0; s < n; s++) if (!isCount(points[s]!)) throw new RangeError(`run ${r.index}: ${points[s]} points`);
  if (rounds > t.maxRounds) t.growRounds(rounds);
  const index = r.index;
  const seed = r.seed;
  t.runs++;
  if (winner >= 0) t.wins[winner]!++;
  else t.draws++;
  t.roundsSum += rounds;
  t.roundsHist[rounds]!++;
  for (let s = 0; s < n; s++) {
    const p = points[s]!;
    if (p < TALLY_POINTS) t.points[s * TALLY_POINTS + p]!++;
    else t.bigPoints[s]!.set(p, (t.bigPoints[s]!.get(p) ?? 0) + 1);
  }
  const areas = t.areas;
  for (let s = 0; s < n; s++) {
    const row = r.areasEntered[s]!;
    for (let a = 0; a < areas; a++) if (row[a] === true) t.areasEntered[s * areas + a]!++;
  }
  if (r.fullLength === true) t.fullLength++;
  t.bucket(rounds * (n + 1) + winner + 1, index, seed);
  const first = r.first >= 0 && r.first < n ? r.first : 0;
  t.byFirst[first * (n + 1) + (winner < 0 ? n : winner)]!++;
  t.example(first * (n + 1) + winner + 1, index, seed);
  const scored = r.objectivesScored;
  for (let o = 0; o < t.objectives; o++) {
    for (let s = 0; s < n; s++) {
      if ((scored[o]! & (1 << s)) === 0) continue;
      const won = winner === s ? 1 : 0;
      t.objectivesDone[o * n + s]!++;
      t.objectiveWins[o * n + s]! += won;
      t.example(t.objectiveAt + (o * n + s) * 2 + won, index, seed);
    }
  }
  const incapacitated = r.incapacitated;
  // The tally's arrays read once into locals (each `t.x` in the loop is a load and a map check).
  const members = t.members;
  const memberSide = t.memberSide;
  const counts = t.incapacitated;
  const wins = t.incapacitatedWins;
  const memberAt = t.memberAt;
  for (let m = 0; m < members; m++) {
    // `=== true`: a compare, where a bare array element would take a generic ToBoolean.
    const out = incapacitated[m] === true;
    const won = winner === memberSide[m];
    if (out) {
      counts[m]!++;
      if (won) wins[m]!++;
    }
    t.example(memberAt + m * 4 + (out ? 2 : 0) + (won ? 1 : 0), index, seed);
  }
  if (r.fired !== undefined) t.fired(r.fired);
};

/** The tally {@link addRun} counts a run of a layout in (empty between two calls). */
const tallies = new WeakMap<SimLayout, RunTally>();

/** Adds one run to `acc` (of `layout`) in place: a tally of the one run, flushed (keeps nothing of `r`: a caller may reuse it). */
export const addRun = (acc: SimAccumulator, layout: SimLayout, r: RunOutcome): void => {
  let t = tallies.get(layout);
  if (t === undefined) {
    t = new RunTally(layout, 0);
    tallies.set(layout, t);
  }
  tallyOutcome(t, r);
  flushTally(t, acc, layout);
};
