/**
 * `npm run bench`: runs every `bench/*.bench.ts` that exports `run()`, one after another, in
 * file-name order. Optional arguments filter by file name (`npm run bench -- odds engine`).
 * Benchmarks report; they never assert and are never part of `npm test`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

console.log(`bench: ${files.length} benchmark(s) on ${process.platform}/${process.arch}, node ${process.version}`);
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => Promise<void> | void };
  if (typeof mod.run !== 'function') {
    console.log(`bench: ${file} exports no run(); skipped`);
    continue;
  }
  console.log(`\n== ${file}`);
  const started = performance.now();
  try {
    await mod.run();
  } catch (e) {
    console.log(`bench: ${file} failed: ${(e as Error).stack ?? String(e)}`);
    process.exitCode = 1;
  }
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
