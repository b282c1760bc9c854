/** Helpers shared by the engine benchmarks: timing, medians, the example setups. */
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
