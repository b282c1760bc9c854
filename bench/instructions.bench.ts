/**
 * `npm run bench -- instructions`: machine instructions the engine executes per battle, per
 * example scenario and bot — a figure that does not move with the machine's load (CPU times here
 * swing by ±50 % between runs), so that two commits can be compared by running this on each.
 *
 * Each figure runs `node --single-threaded` (no background compiler or GC threads) under valgrind's
 * callgrind with instrumentation off: the child plays the first `from` battles of a simulation at
 * near-native speed (warm-up: the bots' memos and the engine's kept Clash codes fill, V8 compiles
 * the hot functions), says so, and the bench turns counting on (`callgrind_control -i on`) for
 * battles `from` .. `to` − 1 only, then off. The count divided by `to − from` is the figure.
 * V8 still compiles now and then after warm-up (a path first taken late; about ten functions
 * between battles 30,000 and 40,000): callgrind names its functions, so their instructions are
 * reported apart ("V8 compiler") and left out of the engine's figure. Counts repeat within
 * about 1 %. Earlier stops' figures (battles 4,000..8,000, compiler included) are not comparable.
 * Instructions are not time: they miss cache misses and slow property reads, so CPU time
 * (`npm run bench -- engine`) stays the figure users get; this one says whether a change does less work.
 *
 * Needs valgrind (Debian: `apt-get install valgrind`; callgrind_control comes with it); says so
 * and skips without it. BENCH_IR_FROM / BENCH_IR_TO (default 30000 / 40000) set the window;
 * BENCH_IR_BOTS (default random,greedy) and BENCH_IR_SCENARIOS (default every example scenario)
 * choose the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { getPolicies } from '../src/shared/engine/bots';
import { layoutOf, runRange } from '../src/shared/engine/sim/runner';
import { emptyAccumulator } from '../src/shared/engine/sim/stats';
import { SCENARIOS, exampleSetup, fmt } from './bench-util';

const FROM = Number(process.env.BENCH_IR_FROM ?? 30000);
const TO = Number(process.env.BENCH_IR_TO ?? 40000);
const BOTS = (process.env.BENCH_IR_BOTS ?? 'random,greedy').split(',').filter((x) => x !== '');
const PICKED = (process.env.BENCH_IR_SCENARIOS ?? SCENARIOS.join(',')).split(',').filter((x) => x !== '');

/** A line from standard input (the bench's go-ahead to the child). */
async function waitFor(lines: AsyncIterator<string>, word: string): Promise<void> {
  for (;;) {
    const next = await lines.next();
    if (next.done === true) throw new Error(`instructions: standard input closed before '${word}'`);
    if (next.value.trim() === word) return;
  }
}

/**
 * Plays battles 0 .. `to` − 1 of a simulation of `scenario` with `bot` on both sides (seed 1), the
 * runner's own loop with one pair of bots, as a worker plays them: `from` battles, then "warm" on
 * standard output and a wait for "go" on standard input, the rest, then "done" and a wait for
 * "end". The child process measured under valgrind runs this (see {@link counted}).
 */
export async function playBattles(scenario: string, bot: string, from: number, to: number): Promise<void> {
  const setup = await exampleSetup(scenario);
  const layout = layoutOf(setup);
  const policies = getPolicies([bot, bot]);
  if (!policies.ok) throw new Error(policies.error.message);
  const play = (a: number, z: number): void => {
    for (let next = a; next < z; next += 100) {
      const r = runRange(setup, layout, policies.value, 1, next, Math.min(z, next + 100), emptyAccumulator(layout));
      if (!r.ok) throw new Error(r.error.message);
    }
  };
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  play(0, from);
  process.stdout.write('warm\n');
  await waitFor(lines, 'go');
  play(from, to);
  process.stdout.write('done\n');
  await waitFor(lines, 'end');
  process.stdin.destroy();
}

/** Instructions per function in a callgrind output file: self cost (Ir) by function name. */
export function selfCosts(text: string): Map<string, number> {
  const names = new Map<string, string>();
  const cost = new Map<string, number>();
  let fn = '';
  let afterCalls = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=') || line.startsWith('cfn=')) {
      const m = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line);
      if (m !== null && m[2] !== undefined) names.set(m[1]!, m[2]);
      if (line.startsWith('fn=') && m !== null) {
        fn = names.get(m[1]!) ?? '';
        afterCalls = false;
      }
    } else if (line.startsWith('calls=')) afterCalls = true;
    else if (/^[+\-*0-9]/.test(line)) {
      // The line after `calls=` is the call's inclusive cost, not the caller's own.
      if (afterCalls) afterCalls = false;
      else cost.set(fn, (cost.get(fn) ?? 0) + Number(line.split(' ')[1] ?? 0));
    }
  }
  return cost;
}

/** V8's optimising compilers (TurboFan, Turboshaft, Maglev) by their C++ namespaces. */
const COMPILER = /v8::internal::(compiler|maglev)::|turboshaft/;

/** Instructions counted in battles `from` .. `to` − 1 — all of them and V8's compiler's — or an error message. */
function counted(scenario: string, bot: string): Promise<{ all: number; compiler: number } | string> {
  // This module runs from the bench bundle (out/bench.mjs), which re-exports playBattles.
  const bundle = fileURLToPath(import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), 'ms-ir-'));
  const out = join(dir, 'callgrind.out');
  const script = 'const [b, s, bot, f, t] = process.argv.slice(1); const m = await import(b); await m.playBattles(s, bot, Number(f), Number(t));';
  const args = ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, process.execPath, '--single-threaded', '--input-type=module', '-e', script, `file://${bundle}`, scenario, bot, String(FROM), String(TO)];
  return new Promise((resolve) => {
    const child = spawn('valgrind', args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: dir });
    let err = '';
    let failed: string | null = null;
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // valgrind runs node in its own process: the child's pid is the one callgrind_control addresses.
    const control = (on: boolean): boolean => spawnSync('callgrind_control', ['-i', on ? 'on' : 'off', String(child.pid)], { encoding: 'utf8', cwd: dir }).status === 0;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'warm') {
        if (control(true)) child.stdin.write('go\n');
        else {
          failed = `callgrind_control could not turn counting on in process ${child.pid}`;
          child.kill();
        }
      }
      else if (line === 'done') {
        control(false);
        child.stdin.end('end\n');
      }
    });
    child.on('error', (e) => resolve(`valgrind did not start: ${e.message}`));
    child.on('close', (code) => {
      try {
        if (failed !== null) return resolve(failed);
        if (code !== 0) return resolve(`exit ${code}: ${err.slice(-400)}`);
        let all = 0;
        let compiler = 0;
        for (const [name, ir] of selfCosts(readFileSync(out, 'utf8'))) {
          all += ir;
          if (COMPILER.test(name)) compiler += ir;
        }
        resolve(all > 0 ? { all, compiler } : `no instructions counted (callgrind_control could not reach the child): ${err.slice(-400)}`);
      } catch (e) {
        resolve(`no callgrind output: ${(e as Error).message}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
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
  console.log(`instructions: per battle after warm-up, battles ${fmt(FROM)}..${fmt(TO)} of seed 1 (valgrind callgrind, counting only that window; node --single-threaded; repeats to ~1 %)`);
  for (const scenario of PICKED) {
    await exampleSetup(scenario); // a scenario that does not load fails here, with the validator's message
    // The bots of a scenario at once: two cores.
    const figures = await Promise.all(BOTS.map((bot) => counted(scenario, bot)));
    BOTS.forEach((bot, i) => {
      const r = figures[i]!;
      const n = TO - FROM;
      console.log(typeof r === 'string' ? `instructions: ${scenario} ${bot}: failed (${r})` : `instructions: ${scenario.padEnd(16)} ${bot.padEnd(7)} ${fmt((r.all - r.compiler) / n).padStart(10)} instructions/battle (V8 compiler besides: ${fmt(r.compiler / n)})`);
    });
  }
}
