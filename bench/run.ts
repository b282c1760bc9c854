/**
 * `npm run bench`: runs every benchmark of {@link BENCHES} (one per `bench/*.bench.ts`, a test
 * keeps the list complete), one after another, in name order. Optional arguments filter by name
 * (`npm run bench -- odds engine`). Benchmarks report; they never assert and are never part of
 * `npm test`. scripts/bench.mjs bundles this file with esbuild and runs the bundle with node, so
 * the figures are those of compiled JavaScript as the CLI and the app run it (tsx keeps function
 * names, which costs a call per closure created in hot loops).
 */

/** What the child processes of `instructions.bench.ts` run (from this bundle). */
export { playBattles } from './instructions.bench';

/** The benchmarks by name: each module exports `run()`. */
export const BENCHES: Record<string, () => Promise<{ run?: () => Promise<void> | void }>> = {
  coverage: () => import('./coverage.bench'),
  engine: () => import('./engine.bench'),
  instructions: () => import('./instructions.bench'),
  mcts: () => import('./mcts.bench'),
  odds: () => import('./odds.bench'),
  validate: () => import('./validate.bench'),
};

/** Runs the benchmarks whose names contain one of `filters` (all when none). */
export async function runBenches(filters: string[]): Promise<void> {
  const names = Object.keys(BENCHES)
    .filter((name) => filters.length === 0 || filters.some((x) => name.includes(x.replace(/\.bench(\.ts)?$/, ''))))
    .sort();
  console.log(`bench: ${names.length} benchmark(s) on ${process.platform}/${process.arch}, node ${process.version}`);
  for (const name of names) {
    const mod = await BENCHES[name]!();
    if (typeof mod.run !== 'function') {
      console.log(`bench: ${name} exports no run(); skipped`);
      continue;
    }
    console.log(`\n== ${name}.bench.ts`);
    const started = performance.now();
    try {
      await mod.run();
    } catch (e) {
      console.log(`bench: ${name} failed: ${(e as Error).stack ?? String(e)}`);
      process.exitCode = 1;
    }
    console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}
