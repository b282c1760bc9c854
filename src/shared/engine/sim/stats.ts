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

export const bump = (rec: Record<string, number>, key: string | number, by = 1): void => {
  rec[key] = (rec[key] ?? 0) + by;
};

/** Counts `count` runs in bucket `key`, whose lowest-index run is `index` (seed `seed`). */
export const keepBucket = (buckets: Record<string, Bucket>, key: string, count: number, index: number, seed: number): void => {
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

/** The {@link exampleKey} strings of a layout, built once (a tally flushes many times). */
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

export const keysOf = (layout: SimLayout): LayoutKeys => {
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
export const bucketKey = (keys: LayoutKeys, layout: SimLayout, rounds: number, winner: number): string => {
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
 * that index or later cannot replace the example, so a flush (tally.ts) skips the lookup — runs mostly come
 * in increasing order. Never below the kept index: that only falls (a merge may lower it).
 */
const earliest = new WeakMap<SimAccumulator, Float64Array>();

export const earliestOf = (acc: SimAccumulator, keys: LayoutKeys): Float64Array => {
  let e = earliest.get(acc);
  if (e === undefined) {
    e = new Float64Array(keys.first.length + keys.objective.length + keys.member.length).fill(Infinity);
    earliest.set(acc, e);
  }
  return e;
};

/** {@link keepExample} of key slot `slot` (see {@link earliest}): skipped when run `index` cannot be earlier. */
export const keepExampleAt = (acc: SimAccumulator, seen: Float64Array, slot: number, key: string, index: number, seed: number): void => {
  if (index >= seen[slot]!) return;
  seen[slot] = index;
  keepExample(acc.examples, key, index, seed);
};

/**
 * Per coverage entry list: every entry's slots in one array, entry i's at `slots[at[i] .. at[i + 1] − 1]`
 * — read per run instead of from the entries, which come in many object shapes (optional fields).
 * Entries never change once a layout holds them (coverage-layout.ts builds them whole).
 */
const flatCoverage = new WeakMap<CoverageEntry[], { at: Int32Array; slots: Int32Array }>();

export const flatOf = (entries: CoverageEntry[]): { at: Int32Array; slots: Int32Array } => {
  let flat = flatCoverage.get(entries);
  if (flat === undefined) {
    const at = new Int32Array(entries.length + 1);
    entries.forEach((e, i) => (at[i + 1] = at[i]! + e.slots.length));
    flat = { at, slots: Int32Array.from(entries.flatMap((e) => e.slots)) };
    flatCoverage.set(entries, flat);
  }
  return flat;
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
