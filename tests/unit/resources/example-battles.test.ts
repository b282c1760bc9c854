import { describe, expect, it } from 'vitest';
import { buildSetup } from '../../../src/shared/engine';
import { getPolicies } from '../../../src/shared/engine/bots';
import { simulate } from '../../../src/shared/engine/sim/runner';
import { validateFiles } from '../../../src/shared/validation';
import { EXAMPLE_DIR, TEMPLATE_WORKSPACE_DIR, readWorkspaceFiles } from './workspace-files';

const example = validateFiles(readWorkspaceFiles(EXAMPLE_DIR)).model;
const starter = validateFiles(readWorkspaceFiles(TEMPLATE_WORKSPACE_DIR)).model;
const RUNS = 100;

/** Plays `RUNS` seeded battles of a scenario with its default crews; returns each side's win rate. */
function winRates(model: typeof example, scenario: string, bots: [string, string]): number[] {
  const setup = buildSetup(model, { scenario });
  if (!setup.ok) throw new Error(`${scenario}: ${setup.error.message}`);
  const policies = getPolicies(bots);
  if (!policies.ok) throw new Error(policies.error.message);
  const report = simulate(setup.value, { runs: RUNS, seed: 2026, policies: policies.value });
  if (!report.ok) throw new Error(`${scenario}: ${report.error.message}`);
  expect(report.value.runs).toBe(RUNS);
  return report.value.sides.map((s) => s.winRate);
}

// The example is meant to be roughly fair with its default pairings: neither side should win
// more than 85% of seeded battles, whether both sides play randomly or greedily.
describe('example scenarios play to an end and are roughly fair', () => {
  const cases = [...example.scenarios.keys()].flatMap((id) =>
    (['random', 'greedy'] as const).map((bot) => [id, bot] as const),
  );
  it.each(cases)('%s with %s bots', (scenario, bot) => {
    const rates = winRates(example, scenario, [bot, bot]);
    expect(rates).toHaveLength(2);
    for (const r of rates) {
      expect(r).toBeGreaterThanOrEqual(0.15);
      expect(r).toBeLessThanOrEqual(0.85);
    }
  });
});

describe('starter workspace scenario', () => {
  it('plays as a mirror match of the starter crew', () => {
    const rates = winRates(starter, 'first-scenario', ['greedy', 'greedy']);
    for (const r of rates) expect(r).toBeGreaterThanOrEqual(0.25);
  });
});
