import type { CoverageEntry } from './coverage-layout';

/** What a simulation reports on: the sides, members, objectives and Areas of one setup, in order. */
export interface SimLayout {
  scenario: string;
  ruleset: string;
  /** `value`: the crew value (R1.1, die plus equipment cost of every member). */
  sides: { id: string; crew: string; value: number }[];
  /** Every member of both crews, side by side in setup order; `side` is an index into `sides`. */
  members: { side: number; crew: string; member: string }[];
  objectives: string[];
  areas: string[];
  /** Rule coverage entries (coverage-layout.ts); absent in statistics files written before coverage. */
  coverage?: CoverageEntry[];
}

/** The facts of one finished battle that statistics need; arrays follow the {@link SimLayout} order. */
export interface RunOutcome {
  index: number;
  seed: number;
  /** Index of the winning side, or −1 for a draw. */
  winner: number;
  rounds: number;
  points: number[];
  /** Per member slot: incapacitated (or fled) at the end of the battle. */
  incapacitated: boolean[];
  /** Per objective: bit i set when side i scored it at least once. */
  objectivesScored: number[];
  /** Per side, per Area: a member of the side was ever in the Area. */
  areasEntered: boolean[][];
  /** The battle lasted every round of the scenario. */
  fullLength: boolean;
  /** Index of the side that had the Initiative in round 1 (R2.2): the first player. */
  first: number;
  /** Coverage recorder flags of the battle, by slot (engine/coverage.ts); absent when not recorded. */
  fired?: Uint8Array;
}

/** The lowest-index run with some property: a battle a user can open to see it. */
export interface Example {
  exampleIndex: number;
  exampleSeed: number;
}

/** One rounds × outcome bucket, with the lowest-index run that fell in it (a battle a user can open). */
export interface Bucket {
  count: number;
  exampleIndex: number;
  exampleSeed: number;
}

/**
 * Streaming, mergeable statistics over runs. Only integer counters, so merging in any order gives
 * identical numbers; the size depends on the setup (rounds, members, points), never on the runs.
 */
export interface SimAccumulator {
  runs: number;
  wins: number[];
  draws: number;
  roundsSum: number;
  roundsHist: Record<string, number>;
  incapacitated: number[];
  /** [objective][side] completion counts. */
  objectives: number[][];
  /** Per side: points scored → number of runs. */
  points: Record<string, number>[];
  /** [side][area] runs in which the side entered the Area. */
  areasEntered: number[][];
  fullLength: number;
  /** Key `${rounds}:${outcome}` with outcome a side id or `draw`. */
  buckets: Record<string, Bucket>;
  /** [first player][outcome]: runs by who had the round-1 Initiative; outcome = index of the winning side, or 2 for a draw. */
  byFirst: number[][];
  /** [objective][side]: runs in which the side completed the objective and won. */
  objectiveWins: number[][];
  /** Per member slot: runs in which the member ended incapacitated (or fled) and its side won. */
  incapacitatedWins: number[];
  /** Example battles for the balance warnings, by {@link exampleKey}. */
  examples: Record<string, Example>;
  /** Per coverage entry of the layout: runs in which it fired (absent when the layout has none). */
  coverage?: number[];
}

/**
 * Keys of `SimAccumulator.examples`: `first:<first side>:<outcome>` (outcome a side index or `draw`),
 * `objective:<o>:<side>:<won|lost>` (the side completed objective o), and
 * `member:<m>:<out|in>:<won|lost>` (member slot m ended incapacitated or not; its side won or not).
 */
export const exampleKey = {
  first: (first: number, outcome: number): string => `first:${first}:${outcome < 0 ? 'draw' : outcome}`,
  objective: (o: number, side: number, won: boolean): string => `objective:${o}:${side}:${won ? 'won' : 'lost'}`,
  member: (m: number, out: boolean, won: boolean): string => `member:${m}:${out ? 'out' : 'in'}:${won ? 'won' : 'lost'}`,
};

/** An empty accumulator shaped for `layout`. */
export const emptyAccumulator = (layout: SimLayout): SimAccumulator => ({
  runs: 0,
  wins: layout.sides.map(() => 0),
  draws: 0,
  roundsSum: 0,
  roundsHist: {},
  incapacitated: layout.members.map(() => 0),
  objectives: layout.objectives.map(() => layout.sides.map(() => 0)),
  points: layout.sides.map(() => ({})),
  areasEntered: layout.sides.map(() => layout.areas.map(() => 0)),
  fullLength: 0,
  buckets: {},
  byFirst: layout.sides.map(() => [0, 0, 0]),
  objectiveWins: layout.objectives.map(() => layout.sides.map(() => 0)),
  incapacitatedWins: layout.members.map(() => 0),
  examples: {},
  ...(layout.coverage === undefined ? {} : { coverage: layout.coverage.map(() => 0) }),
});

const bump = (rec: Record<string, number>, key: string | number, by = 1): void => {
  rec[key] = (rec[key] ?? 0) + by;
};

/** Counts `count` runs in bucket `key`, whose lowest-index run is `index` (seed `seed`). */
const keepBucket = (buckets: Record<string, Bucket>, key: string, count: number, index: number, seed: number): void => {
  const cur = buckets[key];
  if (!cur) buckets[key] = { count, exampleIndex: index, exampleSeed: seed };
  else {
    cur.count += count;
    keepEarliest(cur, index, seed);
  }
};

/** Keeps the lower-index example in `cur` (merge order never matters). */
const keepEarliest = (cur: Example, index: number, seed: number): void => {
  if (index < cur.exampleIndex) {
    cur.exampleIndex = index;
    cur.exampleSeed = seed;
  }
};

const keepExample = (examples: Record<string, Example>, key: string, index: number, seed: number): void => {
  const cur = examples[key];
  if (!cur) examples[key] = { exampleIndex: index, exampleSeed: seed };
  else keepEarliest(cur, index, seed);
};

/** The {@link exampleKey} strings of a layout, built once (addRun runs once per battle). */
interface LayoutKeys {
  /** [first * (sides + 1) + outcome + 1]. */
  first: string[];
  /** [(o * sides + side) * 2 + won]. */
  objective: string[];
  /** [m * 4 + out * 2 + won]. */
  member: string[];
  /** Bucket keys `${rounds}:${outcome}` by [rounds * (sides + 1) + winner + 1], filled as rounds occur. */
  bucket: string[];
}
const layoutKeys = new WeakMap<SimLayout, LayoutKeys>();

const keysOf = (layout: SimLayout): LayoutKeys => {
  let keys = layoutKeys.get(layout);
  if (keys === undefined) {
    const n = layout.sides.length;
    keys = {
      first: Array.from({ length: n * (n + 1) }, (_, i) => exampleKey.first(Math.floor(i / (n + 1)), (i % (n + 1)) - 1)),
      objective: Array.from({ length: layout.objectives.length * n * 2 }, (_, i) => exampleKey.objective(Math.floor(i / (2 * n)), Math.floor(i / 2) % n, i % 2 === 1)),
      member: Array.from({ length: layout.members.length * 4 }, (_, i) => exampleKey.member(Math.floor(i / 4), Math.floor(i / 2) % 2 === 1, i % 2 === 1)),
      bucket: [],
    };
    layoutKeys.set(layout, keys);
  }
  return keys;
};

/** The bucket key of a run: `${rounds}:${outcome}`, outcome the winning side's id or `draw`. */
const bucketKey = (keys: LayoutKeys, layout: SimLayout, rounds: number, winner: number): string => {
  const at = rounds * (layout.sides.length + 1) + winner + 1;
  let key = keys.bucket[at];
  if (key === undefined) {
    key = `${rounds}:${winner >= 0 ? layout.sides[winner].id : 'draw'}`;
    if (Number.isInteger(rounds) && rounds >= 0 && rounds < 4096) keys.bucket[at] = key;
  }
  return key;
};

/**
 * Per accumulator, per example key of its layout (first, then objective, then member keys of
 * {@link LayoutKeys}): a run index no lower than the example kept for it (+∞ before any). A run of
 * that index or later cannot replace the example, so `addRun` skips the lookup — runs mostly come
 * in increasing order. Never below the kept index: that only falls (a merge may lower it).
 */
const earliest = new WeakMap<SimAccumulator, Float64Array>();

const earliestOf = (acc: SimAccumulator, keys: LayoutKeys): Float64Array => {
  let e = earliest.get(acc);
  if (e === undefined) {
    e = new Float64Array(keys.first.length + keys.objective.length + keys.member.length).fill(Infinity);
    earliest.set(acc, e);
  }
  return e;
};

/** {@link keepExample} of key slot `slot` (see {@link earliest}): skipped when run `index` cannot be earlier. */
const keepExampleAt = (acc: SimAccumulator, seen: Float64Array, slot: number, key: string, index: number, seed: number): void => {
  if (index >= seen[slot]!) return;
  seen[slot] = index;
  keepExample(acc.examples, key, index, seed);
};

/**
 * The layout and accumulator of the last {@link addRun}, with their keys and {@link earliest}
 * entry: a simulation adds every run of a range to one accumulator of one layout, so each run
 * after the first skips the two WeakMap lookups. Both maps keep an entry for as long as its key
 * lives and never replace it, so the kept pair answers as the maps would.
 */
const last = { layout: null as SimLayout | null, keys: null as LayoutKeys | null, acc: null as SimAccumulator | null, seen: new Float64Array(0) as Float64Array };

/** Adds one run to `acc` in place (keeps nothing of `r`: a caller may reuse it for the next run). */
export const addRun = (acc: SimAccumulator, layout: SimLayout, r: RunOutcome): void => {
  if (last.layout !== layout || last.acc !== acc) {
    last.layout = layout;
    last.keys = keysOf(layout);
    last.acc = acc;
    last.seen = earliestOf(acc, last.keys);
  }
  const keys = last.keys!;
  const seen = last.seen;
  const objectiveAt = keys.first.length;
  const memberAt = objectiveAt + keys.objective.length;
  const sides = layout.sides.length;
  const index = r.index;
  const seed = r.seed;
  acc.runs++;
  if (r.winner >= 0) acc.wins[r.winner]++;
  else acc.draws++;
  acc.roundsSum += r.rounds;
  bump(acc.roundsHist, r.rounds);
  const incapacitated = r.incapacitated;
  for (let i = 0; i < incapacitated.length; i++) if (incapacitated[i]) acc.incapacitated[i]++;
  const scored = r.objectivesScored;
  for (let o = 0; o < scored.length; o++) for (let s = 0; s < sides; s++) if (scored[o] & (1 << s)) acc.objectives[o][s]++;
  for (let s = 0; s < r.points.length; s++) bump(acc.points[s], r.points[s]);
  for (let s = 0; s < r.areasEntered.length; s++) {
    const row = r.areasEntered[s];
    const counts = acc.areasEntered[s];
    for (let a = 0; a < row.length; a++) if (row[a]) counts[a]++;
  }
  if (r.fullLength) acc.fullLength++;
  keepBucket(acc.buckets, bucketKey(keys, layout, r.rounds, r.winner), 1, index, seed);
  const first = r.first >= 0 && r.first < sides ? r.first : 0;
  acc.byFirst[first][r.winner < 0 ? sides : r.winner]++;
  const firstKey = first * (sides + 1) + Math.max(-1, r.winner) + 1;
  keepExampleAt(acc, seen, firstKey, keys.first[firstKey]!, index, seed);
  for (let o = 0; o < scored.length; o++) {
    for (let s = 0; s < sides; s++) {
      if ((scored[o] & (1 << s)) === 0) continue;
      if (r.winner === s) acc.objectiveWins[o][s]++;
      const key = (o * sides + s) * 2 + (r.winner === s ? 1 : 0);
      keepExampleAt(acc, seen, objectiveAt + key, keys.objective[key]!, index, seed);
    }
  }
  for (let m = 0; m < incapacitated.length; m++) {
    const out = incapacitated[m];
    const won = r.winner === layout.members[m].side;
    if (out && won) acc.incapacitatedWins[m]++;
    const key = m * 4 + (out ? 2 : 0) + (won ? 1 : 0);
    keepExampleAt(acc, seen, memberAt + key, keys.member[key]!, index, seed);
  }
  if (r.fired !== undefined && acc.coverage !== undefined && layout.coverage !== undefined) addCoverage(acc.coverage, layout.coverage, r.fired);
};

/**
 * One simulation range's runs counted in typed arrays, added into an accumulator by
 * {@link flushTally}: the runner (runner.ts, `tallyRun`) writes each battle straight in here, with
 * no {@link RunOutcome} built and no string-keyed lookup per battle. Safe because a range adds its
 * runs in increasing index order and nothing reads the accumulator until the range returns or
 * reports progress (the runner flushes first): a flush adds the same counts, keeps the same
 * earliest examples, and inserts new bucket and example keys in the order of their first run,
 * as {@link addRun} of each run in turn would (tested). A run outside the tally's ranges (rounds
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

/** Adds the runs of `t` to `acc` (of `layout`) in place, as {@link addRun} of each in turn would, and empties `t`. */
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

/**
 * Per coverage entry list: every entry's slots in one array, entry i's at `slots[at[i] .. at[i + 1] − 1]`
 * — read per run instead of from the entries, which come in many object shapes (optional fields).
 * Entries never change once a layout holds them (coverage-layout.ts builds them whole).
 */
const flatCoverage = new WeakMap<CoverageEntry[], { at: Int32Array; slots: Int32Array }>();

const flatOf = (entries: CoverageEntry[]): { at: Int32Array; slots: Int32Array } => {
  let flat = flatCoverage.get(entries);
  if (flat === undefined) {
    const at = new Int32Array(entries.length + 1);
    entries.forEach((e, i) => (at[i + 1] = at[i]! + e.slots.length));
    flat = { at, slots: Int32Array.from(entries.flatMap((e) => e.slots)) };
    flatCoverage.set(entries, flat);
  }
  return flat;
};

/** Counts the battle for every coverage entry one of whose slots fired. */
const addCoverage = (counts: number[], entries: CoverageEntry[], fired: Uint8Array): void => {
  const { at, slots } = flatOf(entries);
  for (let i = 0; i < entries.length; i++) {
    for (let k = at[i]!; k < at[i + 1]!; k++) {
      if (fired[slots[k]!] === 1) {
        counts[i]!++;
        break;
      }
    }
  }
};

/** Adds `b` into `a` in place; the result does not depend on how runs were split or merged. */
export const mergeInto = (a: SimAccumulator, b: SimAccumulator): SimAccumulator => {
  a.runs += b.runs;
  b.wins.forEach((w, i) => (a.wins[i] += w));
  a.draws += b.draws;
  a.roundsSum += b.roundsSum;
  for (const [k, v] of Object.entries(b.roundsHist)) bump(a.roundsHist, k, v);
  b.incapacitated.forEach((v, i) => (a.incapacitated[i] += v));
  b.objectives.forEach((row, o) => row.forEach((v, s) => (a.objectives[o][s] += v)));
  b.points.forEach((rec, s) => {
    for (const [k, v] of Object.entries(rec)) bump(a.points[s], k, v);
  });
  b.areasEntered.forEach((row, s) => row.forEach((v, i) => (a.areasEntered[s][i] += v)));
  a.fullLength += b.fullLength;
  for (const [k, v] of Object.entries(b.buckets)) keepBucket(a.buckets, k, v.count, v.exampleIndex, v.exampleSeed);
  b.byFirst.forEach((row, f) => row.forEach((v, o) => (a.byFirst[f][o] += v)));
  b.objectiveWins.forEach((row, o) => row.forEach((v, s) => (a.objectiveWins[o][s] += v)));
  b.incapacitatedWins.forEach((v, i) => (a.incapacitatedWins[i] += v));
  for (const [k, v] of Object.entries(b.examples)) keepExample(a.examples, k, v.exampleIndex, v.exampleSeed);
  if (a.coverage !== undefined && b.coverage !== undefined) b.coverage.forEach((v, i) => (a.coverage![i]! += v));
  return a;
};
