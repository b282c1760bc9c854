/**
 * `npm run bench -- coverage` (issue 16 item 6): what the rule-coverage recorder costs. For each
 * example scenario and bot, the same runs are played alternately with the recorder on (the
 * report's layout has coverage entries) and off (no entries: nothing is recorded or counted),
 * in one process, so the machine's load hits both alike. Reported: the median CPU per battle of
 * each and the median of the per-pair ratios, beside the goal (≤ 5 % on greedy battles).
 */
import { getPolicies } from '../src/shared/engine/bots';
import { layoutOf, runRange } from '../src/shared/engine/sim/runner';
import { emptyAccumulator } from '../src/shared/engine/sim/stats';
import type { SimLayout } from '../src/shared/engine/sim/stats';
import { SCENARIOS, cpuSeconds, exampleSetup, load, median, vsGoal } from './bench-util';

/** Pairs of (on, off) batches per scenario and bot; BENCH_COVERAGE_PAIRS overrides. */
const PAIRS = Number(process.env.BENCH_COVERAGE_PAIRS ?? 12);
const BATTLES: Record<string, number> = { random: 1500, greedy: 300 };

export async function run(): Promise<void> {
  console.log(`coverage: recorder on vs off, ${PAIRS} interleaved pairs of batches per scenario and bot (${load()})`);
  for (const scenario of SCENARIOS) {
    const setup = await exampleSetup(scenario);
    const on = layoutOf(setup);
    const off: SimLayout = { ...on };
    delete off.coverage;
    for (const bot of ['random', 'greedy']) {
      const p = getPolicies([bot, bot]);
      if (!p.ok) throw new Error(p.error.message);
      const n = BATTLES[bot]!;
      const batch = (layout: SimLayout, from: number): number => {
        const t = process.cpuUsage();
        const r = runRange(setup, layout, p.value, 7, from, from + n, emptyAccumulator(layout));
        if (!r.ok) throw new Error(r.error.message);
        return cpuSeconds(t) / n;
      };
      // Warm-up: both paths, a few batches each.
      for (let i = 0; i < 3; i++) {
        batch(on, i * n);
        batch(off, i * n);
      }
      const cpuOn: number[] = [];
      const cpuOff: number[] = [];
      const ratios: number[] = [];
      for (let i = 0; i < PAIRS; i++) {
        // Same runs for both; the order within a pair alternates.
        const from = (i + 3) * n;
        let a: number;
        let b: number;
        if (i % 2 === 0) {
          a = batch(on, from);
          b = batch(off, from);
        } else {
          b = batch(off, from);
          a = batch(on, from);
        }
        cpuOn.push(a);
        cpuOff.push(b);
        ratios.push(a / b);
      }
      const ratio = median(ratios);
      const pct = (ratio - 1) * 100;
      const measured = `${scenario.padEnd(16)} ${bot.padEnd(7)} on ${(median(cpuOn) * 1e6).toFixed(1)} µs, off ${(median(cpuOff) * 1e6).toFixed(1)} µs CPU/battle: ${pct >= 0 ? '+' : ''}${pct.toFixed(1)} %`;
      console.log(`coverage: ${bot === 'greedy' ? vsGoal(measured, '≤ +5 %', pct <= 5) : measured}  ${load()}`);
    }
  }
}
