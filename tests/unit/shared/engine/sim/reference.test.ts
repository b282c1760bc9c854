import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../../../src/cli/index';
import type { BattleSetup } from '../../../../../src/shared/engine';
import { getPolicies } from '../../../../../src/shared/engine/bots';
import { playBattle, simulate } from '../../../../../src/shared/engine/sim/runner';
import { botSeed, runSeed } from '../../../../../src/shared/engine/sim/seed';
import { EXAMPLE_ROOT, EXAMPLE_SCENARIOS, exampleSetup } from '../bots/example-setups';
import { capture } from '../../../cli/cli-capture';
import { REFERENCE_VARIANTS, variantSetup } from './variants';

/**
 * Reference outputs of the engine (issue 13 "must not change"): for every example scenario ×
 * ruleset variant × bot pair, the `simulate` report (all but `elapsedMs`) and a SHA-256 of the
 * full decisions and event logs of its first battles. Any optimisation of the engine, the bots
 * or the runner must leave every entry byte-identical. A rules change that alters battles on
 * purpose re-records them: `UPDATE_REFERENCE=1 npx vitest run tests/unit/shared/engine/sim/reference.test.ts`
 * (and says why in its commit).
 */
const FIXTURE = join(__dirname, '../../../../fixtures/engine-reference/reference.json');

/** Runs simulated and battles whose logs are hashed, per bot. */
const PLAN: Record<string, { runs: number; logged: number }> = {
  random: { runs: 300, logged: 60 },
  greedy: { runs: 60, logged: 20 },
};
const SEED = 20_250_613;

interface Entry {
  scenario: string;
  variant: string;
  bots: string;
  /** The `simulate` report without `elapsedMs` (and its `analysis`), as `simulate --json` prints it. */
  report: unknown;
  /** SHA-256 of the report's `analysis` (JSON). */
  analysis: string;
  /** SHA-256 over the first battles' decisions and full event logs (JSON, in run order). */
  logs: string;
  /** Decisions and events of those battles, for a quick look at what moved. */
  decisions: number;
  events: number;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

const record = (scenario: string, variant: string, setup: BattleSetup, bot: string): Entry => {
  const plan = PLAN[bot]!;
  const fresh = () => {
    const p = getPolicies([bot, bot]);
    if (!p.ok) throw new Error(p.error.message);
    return p.value;
  };
  const sim = simulate(setup, { runs: plan.runs, seed: SEED, policies: fresh() });
  if (!sim.ok) throw new Error(sim.error.message);
  // `coverage` (issue 16) is additive: the pinned reports predate it; the CLI test below checks it across workers.
  const { elapsedMs: _elapsed, analysis, coverage: _coverage, ...report } = sim.value;
  const h = createHash('sha256');
  let decisions = 0;
  let events = 0;
  const policies = fresh();
  for (let i = 0; i < plan.logged; i++) {
    const played = playBattle(setup, policies, runSeed(SEED, i), botSeed(SEED, i), true);
    if (!played.ok) throw new Error(played.error.message);
    h.update(JSON.stringify(played.value.decisions)).update('\n').update(JSON.stringify(played.value.events)).update('\n');
    decisions += played.value.decisions.length;
    events += played.value.events.length;
  }
  return { scenario, variant, bots: `${bot},${bot}`, report, analysis: sha(JSON.stringify(analysis)), logs: h.digest('hex'), decisions, events };
};

const recordAll = (): Entry[] => {
  const out: Entry[] = [];
  for (const scenario of EXAMPLE_SCENARIOS) {
    for (const [variant, change] of REFERENCE_VARIANTS) {
      const setup = variantSetup(exampleSetup(scenario), change);
      for (const bot of Object.keys(PLAN)) out.push(record(scenario, variant, setup, bot));
    }
  }
  return out;
};

describe('engine reference outputs (R1.6: same seed, same battles)', () => {
  const current = recordAll();
  if (process.env.UPDATE_REFERENCE === '1') {
    mkdirSync(dirname(FIXTURE), { recursive: true });
    writeFileSync(FIXTURE, `${JSON.stringify(current, null, 1)}\n`);
  }
  if (!existsSync(FIXTURE)) throw new Error(`missing reference fixture ${FIXTURE}; create it with UPDATE_REFERENCE=1`);
  const pinned = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Entry[];

  it('covers every example scenario, ruleset variant and bot', () => {
    expect(current.map((e) => `${e.scenario}/${e.variant}/${e.bots}`)).toEqual(pinned.map((e) => `${e.scenario}/${e.variant}/${e.bots}`));
  });

  it('`simulate --json` with 2 workers prints the pinned report of each scenario (random bots, core variant)', async () => {
    for (const scenario of EXAMPLE_SCENARIOS) {
      const io = capture();
      const code = await main(['simulate', scenario, '--workspace', EXAMPLE_ROOT, '--runs', String(PLAN.random!.runs), '--seed', String(SEED), '--ai', 'random,random', '--workers', '2', '--json'], io);
      expect(code, io.stderr.join('\n')).toBe(0);
      const { elapsedMs: _elapsed, coverage, ...printed } = JSON.parse(io.stdout.join('\n')) as Record<string, unknown>;
      // Coverage counts from 2 workers equal the single-thread run's.
      const p = getPolicies(['random', 'random']);
      if (!p.ok) throw new Error(p.error.message);
      const single = simulate(exampleSetup(scenario), { runs: PLAN.random!.runs, seed: SEED, policies: p.value });
      expect(single.ok && coverage).toEqual(single.ok && single.value.coverage);
      expect(printed).toEqual(pinned.find((e) => e.scenario === scenario && e.variant === 'core' && e.bots === 'random,random')!.report);
    }
  });

  for (const entry of pinned) {
    it(`${entry.scenario} · ${entry.variant} · ${entry.bots}: same report and logs as pinned`, () => {
      const now = current.find((e) => e.scenario === entry.scenario && e.variant === entry.variant && e.bots === entry.bots);
      expect(now).toBeDefined();
      expect(now!.report).toEqual(entry.report);
      expect(now!.analysis).toBe(entry.analysis);
      expect({ decisions: now!.decisions, events: now!.events, logs: now!.logs }).toEqual({ decisions: entry.decisions, events: entry.events, logs: entry.logs });
    });
  }
});
