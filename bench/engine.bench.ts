/**
 * Engine throughput (issue 3): battles per second on each example scenario with random and
 * greedy bots, single thread and all workers, beside the dice floor (the same number of PRNG
 * draws in a tight loop) and their ratio; resident memory after 10k runs (1M with
 * BENCH_LARGE=1). Goal: ≥ 1,000,000 battles/minute with greedy bots on 2 cores, within 5× of
 * the dice floor. Reported, never asserted. BENCH_SECONDS sets the time per measurement.
 */
import { applyAction, createBattle, rollWith, createRng } from '../src/shared/engine';
import type { BattleSetup } from '../src/shared/engine';
import { getPolicies } from '../src/shared/engine/bots';
import { layoutOf, runRange, simulate } from '../src/shared/engine/sim/runner';
import { createBotRng } from '../src/shared/engine/sim/seed';
import { emptyAccumulator } from '../src/shared/engine/sim/stats';
import { defaultWorkers, simulateSetup } from '../src/main/services/simulation';
import { SCENARIOS, exampleSetup, fmt, median, rssMiB } from './bench-util';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

const policiesOf = (name: string) => {
  const p = getPolicies([name, name]);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

/**
 * Single-thread battles per second: median of 3 timed runs of about SECONDS each, by wall clock
 * and by this thread's CPU time (the second is what a shared, loaded machine cannot distort).
 */
function singleThread(setup: BattleSetup, bot: string): { wall: number; cpu: number } {
  const layout = layoutOf(setup);
  const policies = policiesOf(bot);
  const timed = (from: number, runs: number): { wall: number; cpu: number } => {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = runRange(setup, layout, policies, 1, from, from + runs, emptyAccumulator(layout));
    if (!r.ok) throw new Error(r.error.message);
    const used = process.cpuUsage(c);
    return { wall: runs / ((performance.now() - t) / 1000), cpu: runs / ((used.user + used.system) / 1e6) };
  };
  const probe = timed(0, 10).wall;
  const runs = Math.max(10, Math.round(probe * SECONDS));
  const reps = [timed(100, runs), timed(100 + runs, runs), timed(100 + 2 * runs, runs)];
  return { wall: median(reps.map((r) => r.wall)), cpu: median(reps.map((r) => r.cpu)) };
}

/** Mean PRNG draws per battle, counted through a dice source that draws from a real PRNG. */
function drawsPerBattle(setup: BattleSetup, bot: string, battles = 30): number {
  const policies = policiesOf(bot);
  let draws = 0;
  for (let i = 0; i < battles; i++) {
    const rng = createRng(i);
    let state = createBattle(setup, i, { dice: { roll: (sides) => (draws++, rollWith(rng, sides)) } });
    const botRng = createBotRng(i);
    while (state.phase !== 'ended') {
      const next = applyAction(state, policies[state.side].decide(state, botRng));
      if (!next.ok) throw new Error(next.error.message);
      state = next.value.state;
    }
  }
  return draws / battles;
}

/** PRNG draws per second in a tight loop (the dice floor), by wall clock and by CPU time. */
function drawsPerSecond(): { wall: number; cpu: number } {
  const rng = createRng(7);
  const n = 5_000_000;
  let sink = 0;
  const rates: { wall: number; cpu: number }[] = [];
  for (let rep = 0; rep < 3; rep++) {
    const t = performance.now();
    const c = process.cpuUsage();
    for (let i = 0; i < n; i++) sink += rollWith(rng, 6);
    const used = process.cpuUsage(c);
    rates.push({ wall: n / ((performance.now() - t) / 1000), cpu: n / ((used.user + used.system) / 1e6) });
  }
  if (sink === 0) console.log('');
  return { wall: median(rates.map((r) => r.wall)), cpu: median(rates.map((r) => r.cpu)) };
}

/** Milliseconds from asking for a pool of `workers` threads to the merged report of one run per worker (median of 3). */
async function workerStartup(setup: BattleSetup, workers: number): Promise<number> {
  const times: number[] = [];
  for (let rep = 0; rep < 3; rep++) {
    const t = performance.now();
    const r = await simulateSetup(setup, { policies: ['random', 'random'], seed: rep, runs: workers }, { workers });
    if (!r.ok) throw new Error(r.error.message);
    times.push(performance.now() - t);
  }
  return median(times);
}

/** Runs the engine benchmark and prints one line per scenario × bot, then memory. */
export async function run(): Promise<void> {
  const workers = defaultWorkers();
  const { wall: floor, cpu: floorCpu } = drawsPerSecond();
  console.log(`engine: dice floor ${fmt(floor)} draws/s (${fmt(floorCpu)} per CPU-second; rollWith, one thread); workers = ${workers} (cores)`);
  const startup = await workerStartup(await exampleSetup('marrow-market'), workers);
  console.log(`engine: worker start-up ${fmt(startup)} ms (pool of ${workers} from source: esbuild bundle cached in node_modules/.cache/mortisphere, tsx fallback; 1 run each, merged)`);
  for (const scenario of SCENARIOS) {
    const setup = await exampleSetup(scenario);
    for (const bot of ['random', 'greedy']) {
      const { wall: single, cpu } = singleThread(setup, bot);
      // Steady pool rate: runs finished after the first progress report, over the time since it
      // (worker start-up — loading the esbuild-bundled worker, or the tsx sources as a fallback — is reported apart).
      const runs = Math.max(workers * 100, Math.round(single * SECONDS * workers * 2));
      let first: { t: number; done: number } | null = null;
      const started = performance.now();
      const pooled = await simulateSetup(setup, { policies: [bot, bot], seed: 3, runs }, {
        workers,
        onProgress: (p) => {
          if (first === null && p.done > 0) first = { t: performance.now(), done: p.done };
        },
      });
      if (!pooled.ok) throw new Error(pooled.error.message);
      const ended = performance.now();
      const f = first as { t: number; done: number } | null;
      const multi = f === null || ended - f.t < 50 ? runs / ((ended - started) / 1000) : (runs - f.done) / ((ended - f.t) / 1000);
      const short = f === null ? 0 : f.t - started;
      const draws = drawsPerBattle(setup, bot);
      const floorBattles = floor / draws;
      const floorCpuBattles = floorCpu / draws;
      console.log(
        `engine: ${scenario.padEnd(16)} ${bot.padEnd(7)} 1 thread ${fmt(single).padStart(8)} battles/s (${fmt(cpu)} per CPU-second, ${(1e6 / cpu).toFixed(0)} µs CPU/battle)` +
          ` | ${workers} workers ${fmt(multi).padStart(8)} battles/s (${fmt(multi * 60)}/min; first progress after ${fmt(short)} ms)` +
          ` | ${draws.toFixed(1)} draws/battle, dice floor ${fmt(floorBattles)} battles/s, ratio ${(floorBattles / single).toFixed(0)}× (CPU time: ${(floorCpuBattles / cpu).toFixed(0)}×)`,
      );
    }
  }
  const memoryRuns = [10_000, ...(process.env.BENCH_LARGE === '1' ? [1_000_000] : [])];
  const setup = await exampleSetup('marrow-market');
  const bot = process.env.BENCH_MEMORY_BOT ?? 'random';
  for (const runs of memoryRuns) {
    const before = rssMiB();
    const r = simulate(setup, { runs, seed: 1, policies: policiesOf(bot), clock: () => performance.now() });
    if (!r.ok) throw new Error(r.error.message);
    console.log(`engine: RSS ${rssMiB().toFixed(0)} MiB after ${fmt(runs)} runs (${bot}, marrow-market, one thread; ${before.toFixed(0)} MiB before; ${fmt(runs / (r.value.elapsedMs / 1000))} battles/s)`);
  }
  if (!memoryRuns.includes(1_000_000)) console.log('engine: 1M-run memory check skipped (set BENCH_LARGE=1; at the rates above it takes long)');
}
