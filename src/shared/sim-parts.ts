/**
 * Sharded simulations (`simulate --shard I/N --out FILE`, `merge FILES…`): shard I of N plays a
 * disjoint slice of the run indices, and its statistics file carries what the run was computed
 * from. Merging the N files gives exactly the mergeable statistics of the unsharded run (run
 * seeds depend only on (seed, index)), hence the same `simulate --json` report but `elapsedMs`.
 */
import { buildReport } from './engine/sim/report';
import type { SimReport } from './engine/sim/report';
import { emptyAccumulator, mergeInto } from './engine/sim/stats';
import type { SimAccumulator, SimLayout } from './engine/sim/stats';
import { err, ok } from './result';
import type { Result } from './result';

/** `format` of a statistics file. */
export const PART_FORMAT = 'mortisphere-simulation-part';
/** Version of the statistics file format. */
export const PART_VERSION = 1;
/** Most shards of one run. */
export const MAX_SHARDS = 100_000;

/** What a run was computed from; parts merge only when these are equal. */
export interface RunIdentity {
  scenario: string;
  crews: [string, string];
  ruleset: string;
  bots: [string, string];
  seed: number;
  /** Runs of the whole (unsharded) run. */
  runs: number;
  /** sha256 of the canonical JSON of the battle setup: the documents' content, not just their ids. */
  setupSha256: string;
}

/** One statistics file. */
export interface SimPart {
  format: typeof PART_FORMAT;
  version: typeof PART_VERSION;
  run: RunIdentity;
  /** 1-based shard index of `count`; it played runs `from`..`to`−1. */
  shard: { index: number; count: number; from: number; to: number };
  layout: SimLayout;
  stats: SimAccumulator;
  elapsedMs: number;
}

/** Runs `from`..`to`−1 of shard `index` (1-based) of `count`: contiguous, disjoint, covering 0..runs−1. */
export const shardRange = (runs: number, index: number, count: number): { from: number; to: number } => ({
  from: Math.floor((runs * (index - 1)) / count),
  to: Math.floor((runs * index) / count),
});

/** Reads `I/N` (1 ≤ I ≤ N); the error says what a shard looks like. */
export function parseShard(raw: string): Result<{ index: number; count: number }> {
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
    return err('shard/bad', `--shard '${raw}' must be I/N with 1 ≤ I ≤ N ≤ ${MAX_SHARDS}, e.g. --shard 2/7 for the second of seven shards`);
  }
  return ok({ index, count });
}

/** JSON with object keys sorted at every level: equal data, equal text (for fingerprints). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isStr = (v: unknown): v is string => typeof v === 'string';
const strPair = (v: unknown): boolean => Array.isArray(v) && v.length === 2 && v.every(isStr);
const counts = (v: unknown, length: number): boolean => Array.isArray(v) && v.length === length && v.every(isCount);
const countRecord = (v: unknown): boolean => isObj(v) && Object.entries(v).every(([k, n]) => /^-?\d+$/.test(k) && isCount(n));

/** Why `data` is not a well-formed statistics file, or null. Checks every counter against the layout. */
function partProblem(data: unknown): string | null {
  if (!isObj(data) || data.format !== PART_FORMAT) return `it is not a statistics file of 'mortisphere simulate --shard … --out' (no "format": "${PART_FORMAT}")`;
  if (data.version !== PART_VERSION) return `its format version ${String(data.version)} is not ${PART_VERSION}; write the parts again with this version of mortisphere`;
  const { run, shard, layout, stats } = data;
  if (!isObj(run) || !isStr(run.scenario) || !strPair(run.crews) || !isStr(run.ruleset) || !strPair(run.bots) || !isCount(run.seed) || !isCount(run.runs) || !isStr(run.setupSha256)) return '"run" is damaged';
  if (!isObj(shard) || !isCount(shard.index) || !isCount(shard.count) || !isCount(shard.from) || !isCount(shard.to)) return '"shard" is damaged';
  if (!isObj(layout) || !isStr(layout.scenario) || !isStr(layout.ruleset) || !Array.isArray(layout.sides) || !Array.isArray(layout.members) || !Array.isArray(layout.objectives) || !Array.isArray(layout.areas)) return '"layout" is damaged';
  const sides = layout.sides.length;
  if (sides !== 2 || !layout.sides.every((s) => isObj(s) && isStr(s.id) && isStr(s.crew))) return '"layout.sides" is damaged';
  if (!layout.members.every((m) => isObj(m) && (m.side === 0 || m.side === 1) && isStr(m.crew) && isStr(m.member))) return '"layout.members" is damaged';
  if (!layout.objectives.every(isStr) || !layout.areas.every(isStr)) return '"layout" is damaged';
  if (!isObj(stats) || !isCount(stats.runs) || !counts(stats.wins, sides) || !isCount(stats.draws) || !isCount(stats.roundsSum) || !countRecord(stats.roundsHist)) return '"stats" is damaged';
  if (!counts(stats.incapacitated, layout.members.length) || !isCount(stats.fullLength)) return '"stats" is damaged';
  if (!Array.isArray(stats.objectives) || stats.objectives.length !== layout.objectives.length || !stats.objectives.every((row) => counts(row, sides))) return '"stats.objectives" is damaged';
  if (!Array.isArray(stats.points) || stats.points.length !== sides || !stats.points.every(countRecord)) return '"stats.points" is damaged';
  if (!Array.isArray(stats.areasEntered) || stats.areasEntered.length !== sides || !stats.areasEntered.every((row) => counts(row, (layout.areas as unknown[]).length))) return '"stats.areasEntered" is damaged';
  if (!isObj(stats.buckets) || !Object.values(stats.buckets).every((b) => isObj(b) && isCount(b.count) && isCount(b.exampleIndex) && isCount(b.exampleSeed))) return '"stats.buckets" is damaged';
  if (layout.coverage !== undefined && (!Array.isArray(layout.coverage) || !counts(stats.coverage, layout.coverage.length))) return '"stats.coverage" is damaged';
  if (!isCount(data.elapsedMs)) return '"elapsedMs" is damaged';
  const want = shardRange(run.runs, shard.index, shard.count);
  if (shard.index < 1 || shard.index > shard.count || shard.from !== want.from || shard.to !== want.to) return `"shard" ${shard.index}/${shard.count} does not cover runs ${want.from}..${want.to - 1} of ${run.runs}`;
  if (stats.runs !== shard.to - shard.from) return `it holds ${stats.runs} runs, but shard ${shard.index}/${shard.count} has ${shard.to - shard.from}; was it cut short? Run the shard again`;
  if ((stats.wins as number[]).reduce((a, b) => a + b, 0) + (stats.draws as number) !== stats.runs) return '"stats" do not add up (wins + draws ≠ runs)';
  return null;
}

/** Reads one statistics file's parsed JSON; `name` (the file) starts every error message. */
export function readPart(name: string, data: unknown): Result<SimPart> {
  const problem = partProblem(data);
  return problem === null ? ok(data as SimPart) : err('merge/bad-part', `${name}: ${problem}`);
}

const IDENTITY_FIELDS: readonly (keyof RunIdentity)[] = ['scenario', 'crews', 'ruleset', 'bots', 'seed', 'runs', 'setupSha256'];

const show = (v: unknown): string => (Array.isArray(v) ? v.join(',') : String(v));

/**
 * Merges the parts of one run into its report (without `analysis`): refuses parts of different
 * runs (naming the first field that differs), a shard given twice, and missing shards.
 */
export function mergeParts(parts: readonly { name: string; part: SimPart }[]): Result<SimReport> {
  if (parts.length === 0) return err('merge/none', 'give the statistics files to merge, e.g. mortisphere merge part-*.json');
  const [first] = parts;
  for (const p of parts.slice(1)) {
    for (const field of IDENTITY_FIELDS) {
      const a = first.part.run[field];
      const b = p.part.run[field];
      if (show(a) !== show(b)) {
        const what = field === 'setupSha256' ? 'documents (the scenario, crews or ruleset changed between the shards)' : `${field} ${show(b)}, ${first.name} with ${field} ${show(a)}`;
        return err('merge/different-runs', `${p.name} and ${first.name} are parts of different runs: ${field === 'setupSha256' ? `they were computed from different ${what}` : `${p.name} was computed with ${what}`}; merge only the parts of one 'simulate --shard I/N' run`);
      }
    }
    if (p.part.shard.count !== first.part.shard.count) {
      return err('merge/different-runs', `${p.name} is shard ${p.part.shard.index}/${p.part.shard.count} but ${first.name} is shard ${first.part.shard.index}/${first.part.shard.count}; merge the parts of one split`);
    }
    if (canonicalJson(p.part.layout) !== canonicalJson(first.part.layout)) return err('merge/different-runs', `${p.name} and ${first.name} report on different sides, members, objectives or Areas`);
  }
  const count = first.part.shard.count;
  const byIndex = new Map<number, string>();
  for (const p of parts) {
    const seen = byIndex.get(p.part.shard.index);
    if (seen !== undefined) return err('merge/duplicate', `${p.name} and ${seen} are both shard ${p.part.shard.index}/${count}; give each shard once`);
    byIndex.set(p.part.shard.index, p.name);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    const list = missing.length > 10 ? `${missing.slice(0, 10).join(', ')} and ${missing.length - 10} more` : missing.join(', ');
    return err('merge/missing', `shard${missing.length === 1 ? '' : 's'} ${list} of ${count} ${missing.length === 1 ? 'is' : 'are'} missing; run 'simulate … --shard I/${count}' for ${missing.length === 1 ? 'it' : 'them'} and merge again`);
  }
  const layout = first.part.layout;
  const acc = emptyAccumulator(layout);
  for (const p of [...parts].sort((a, b) => a.part.shard.index - b.part.shard.index)) mergeInto(acc, p.part.stats);
  const elapsed = parts.reduce((t, p) => t + p.part.elapsedMs, 0);
  return ok(buildReport(layout, acc, first.part.run.seed, elapsed, false));
}
