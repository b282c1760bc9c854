/** Helpers shared by the engine benchmarks: CPU timing, warm-up to a steady rate, medians, the example setups. */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareSetup, readWorkspaceDocuments } from '../src/main/services/sim-setup';
import type { BattleSetup } from '../src/shared/engine';

/** The example scenarios every engine benchmark plays. */
export const SCENARIOS = ['drowned-foundry', 'glass-temple', 'marrow-market'] as const;
/** The bundled example workspace. */
export const EXAMPLE_ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'resources', 'examples', 'ashen-reach');

/** Median of a non-empty list. */
export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Builds the setup of an example scenario; throws with the validator's message if broken. */
export async function exampleSetup(scenario: string): Promise<BattleSetup> {
  const docs = await readWorkspaceDocuments(EXAMPLE_ROOT);
  if (!docs.ok) throw new Error(docs.error.message);
  const prepared = prepareSetup(docs.value, { scenario });
  if (!prepared.ok) throw new Error(`${prepared.error.message} ${JSON.stringify(prepared.error.diagnostics ?? [])}`);
  return prepared.value.setup;
}

/** Formats a rate with thousands separators. */
export const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');

/** Resident set size in MiB. */
export const rssMiB = (): number => process.memoryUsage().rss / 1024 / 1024;

/** CPU seconds (user + system) this process has used since `since` (a `process.cpuUsage()` value). */
export const cpuSeconds = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
};

/** CPU seconds (user + system) this process has used so far. */
const processCpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** The 1-minute load average, to print beside every timing (the machine is shared). */
export const load = (): string => `load ${loadavg()[0]!.toFixed(1)}`;

/** "measured (goal …) ok|MISSED". */
export const vsGoal = (measured: string, goal: string, met: boolean): string => `${measured}  [goal ${goal}: ${met ? 'met' : 'NOT MET'}]`;

/** A steady rate: CPU seconds per item after warm-up, and what the warm-up took. */
export interface Steady {
  /** Median CPU seconds per item over the measured batches. */
  cpuPerItem: number;
  warmItems: number;
  warmCpu: number;
}

/**
 * Warms `batch(n)` up until its CPU rate is stable — at least `minWarmCpu` seconds of it, and the
 * last three batches within ±`tolerance` of their median, batches sized to ~`batchCpu` CPU
 * seconds — then measures `measured` more batches and returns the median CPU time per item.
 * Gives up warming after `maxWarmCpu` seconds.
 */
export function steadyRate(
  batch: (n: number) => void,
  options: { batchCpu?: number; tolerance?: number; measured?: number; minWarmCpu?: number; maxWarmCpu?: number; cpuTime?: () => number } = {},
): Steady {
  const cpuTime = options.cpuTime ?? processCpu;
  const batchCpu = options.batchCpu ?? 0.25;
  const tolerance = options.tolerance ?? 0.05;
  const maxWarm = options.maxWarmCpu ?? 20;
  const minWarm = options.minWarmCpu ?? 2;
  let n = 8;
  const rates: number[] = [];
  let warmItems = 0;
  let warmCpu = 0;
  const timed = (k: number): number => {
    const c = cpuTime();
    batch(k);
    return Math.max(1e-6, cpuTime() - c);
  };
  for (;;) {
    const cpu = timed(n);
    warmItems += n;
    warmCpu += cpu;
    rates.push(cpu / n);
    n = Math.max(1, Math.round((n * batchCpu) / cpu));
    if (rates.length >= 3 && warmCpu >= minWarm) {
      const last = rates.slice(-3);
      const m = median(last);
      if (last.every((r) => Math.abs(r - m) <= tolerance * m)) break;
    }
    if (warmCpu > maxWarm) break;
  }
  const measured: number[] = [];
  for (let i = 0; i < (options.measured ?? 5); i++) measured.push(timed(n) / n);
  return { cpuPerItem: median(measured), warmItems, warmCpu };
}
