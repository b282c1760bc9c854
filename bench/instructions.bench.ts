/**
 * `npm run bench -- instructions`: machine instructions the engine executes per battle, per
 * example scenario and bot — a figure that does not move with the machine's load (CPU times here
 * swing by ±50 % between runs), so that two commits can be compared by running this on each.
 *
 * Each figure runs `node --single-threaded` (no background compiler or GC threads: repeated counts
 * agree within about 1 %; 0.03 % for greedy and 1 % for random bots over three runs each) under
 * valgrind's cachegrind, twice: playing the first `from` battles of a simulation, then the first
 * `to`; the difference divided by `to − from` is the count per battle in that window (start-up
 * and compilation fall in the first `from`). The bots' memos and the engine's kept Clash codes go
 * on filling for thousands of battles, so a later window reads lower (drowned-foundry, random, on
 * 2026-12-02: 576k in battles 2,000..4,000, 336k in 8,000..12,000): compare commits at the same
 * window.
 * Instructions are not time: they miss cache misses and slow property reads, so CPU time
 * (`npm run bench -- engine`) stays the figure users get; this one says whether a change does less work.
 *
 * Needs valgrind (Debian: `apt-get install valgrind`); says so and skips without it.
 * BENCH_IR_FROM / BENCH_IR_TO (default 4000 / 8000) set the window; BENCH_IR_BOTS (default
 * random,greedy) and BENCH_IR_SCENARIOS (default every example scenario) choose the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getPolicies } from '../src/shared/engine/bots';
import { layoutOf, runRange } from '../src/shared/engine/sim/runner';
import { emptyAccumulator } from '../src/shared/engine/sim/stats';
import { SCENARIOS, exampleSetup, fmt } from './bench-util';

const FROM = Number(process.env.BENCH_IR_FROM ?? 4000);
const TO = Number(process.env.BENCH_IR_TO ?? 8000);
const BOTS = (process.env.BENCH_IR_BOTS ?? 'random,greedy').split(',').filter((x) => x !== '');
const PICKED = (process.env.BENCH_IR_SCENARIOS ?? SCENARIOS.join(',')).split(',').filter((x) => x !== '');

/**
 * Plays battles 0 .. `count` − 1 of a simulation of `scenario` with `bot` on both sides (seed 1),
 * the runner's own loop with one pair of bots, as a worker plays them. The child process measured
 * under valgrind runs this (see {@link run}).
 */
export async function playBattles(scenario: string, bot: string, count: number): Promise<void> {
  const setup = await exampleSetup(scenario);
  const layout = layoutOf(setup);
  const policies = getPolicies([bot, bot]);
  if (!policies.ok) throw new Error(policies.error.message);
  for (let next = 0; next < count; next += 100) {
    const r = runRange(setup, layout, policies.value, 1, next, Math.min(count, next + 100), emptyAccumulator(layout));
    if (!r.ok) throw new Error(r.error.message);
  }
}

/** Instructions valgrind counted for a child playing `count` battles, or an error message. */
function counted(scenario: string, bot: string, count: number): Promise<number | string> {
  // This module runs from the bench bundle (out/bench.mjs), which re-exports playBattles.
  const bundle = fileURLToPath(import.meta.url);
  const script = 'const [b, s, bot, n] = process.argv.slice(1); const m = await import(b); await m.playBattles(s, bot, Number(n));';
  const args = ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', '--input-type=module', '-e', script, `file://${bundle}`, scenario, bot, String(count)];
  return new Promise((resolve) => {
    const child = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) => resolve(`valgrind did not start: ${e.message}`));
    child.on('close', (code) => {
      const m = /I\s+refs:\s+([\d,]+)/.exec(err);
      resolve(code === 0 && m !== null ? Number(m[1]!.replace(/,/g, '')) : `exit ${code}: ${err.slice(-400)}`);
    });
  });
}

/** Instructions per battle between battles `from` and `to` (both counts run at once: two cores). */
async function perBattle(scenario: string, bot: string): Promise<number | string> {
  const [a, z] = await Promise.all([counted(scenario, bot, FROM), counted(scenario, bot, TO)]);
  if (typeof a === 'string') return a;
  if (typeof z === 'string') return z;
  return (z - a) / (TO - FROM);
}

/** Prints instructions per battle for each chosen scenario and bot. */
export async function run(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.log('instructions: valgrind is not installed (Debian: apt-get install valgrind); skipped');
    return;
  }
  if (!(TO > FROM && FROM >= 0)) {
    console.log(`instructions: BENCH_IR_TO (${TO}) must be above BENCH_IR_FROM (${FROM}); skipped`);
    return;
  }
  console.log(`instructions: per battle after warm-up, battles ${fmt(FROM)}..${fmt(TO)} of seed 1 (valgrind cachegrind, node --single-threaded; repeats to ~1 %)`);
  for (const scenario of PICKED) {
    await exampleSetup(scenario); // a scenario that does not load fails here, with the validator's message
    for (const bot of BOTS) {
      const r = await perBattle(scenario, bot);
      console.log(typeof r === 'string' ? `instructions: ${scenario} ${bot}: failed (${r})` : `instructions: ${scenario.padEnd(16)} ${bot.padEnd(7)} ${fmt(r).padStart(10)} instructions/battle`);
    }
  }
}
