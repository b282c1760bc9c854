import { resolve } from 'node:path';
import type { SimReport } from '../../shared/engine/sim/report';
import { gridOf, parseVary, planVariant } from '../../shared/sweep';
import type { Vary } from '../../shared/sweep';
import { modelOf, prepareSetup, readWorkspaceDocuments } from '../../main/services/sim-setup';
import { defaultWorkers } from '../../main/services/simulation';
import { progressStream } from '../progress';
import { EXIT, defaultIo, intArg, pairArg, parseCommand, printDiagnostics } from './cli-common';
import type { CliIo } from './cli-common';
import { botsArg } from './sim-load';
import { simulateInRun, startLongRun } from './sim-run';
import { sweepCsv, sweepJson, sweepTable } from './sweep-output';
import type { SweepRow } from './sweep-output';

const USAGE = `usage: mortisphere sweep SCENARIO --vary PATH=V1,V2,… [--vary …] [--runs N] [--seed S] [--workspace DIR]
                         [--crews A,B] [--ai P,P] [--ruleset ID] [--workers N] [--json | --csv] [--quiet]

Simulates every combination of the --vary values on identical seeds and prints win rates with
their 95% intervals, one row per variant. PATH is one of:
  crews.SIDE          crew ids for a side, e.g. --vary 'crews.b=rot-saints,marrow-kin'
  ai.SIDE             bots for a side, e.g. --vary 'ai.a=greedy,mcts'
  ruleset             ruleset ids, e.g. --vary 'ruleset=core,grim-reach'
  ruleset.KNOB        a ruleset knob (docs/rules.md), e.g. --vary 'ruleset.clash.tie=standoff,attacker,defender'
  scenario.FIELD      a scenario field, e.g. --vary 'scenario.rounds=4,6,8'
Exit codes: 0 done, 1 the workspace has errors (printed), 2 usage error, unknown id or a bad --vary value,
130 interrupted by Ctrl+C (the variants finished so far are printed, marked partial).`;

/** `mortisphere sweep SCENARIO --vary …`; resolves to an exit code. */
export async function sweepCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('sweep', USAGE, argv, {
    vary: { type: 'string', multiple: true },
    runs: { type: 'string' },
    seed: { type: 'string' },
    workspace: { type: 'string' },
    crews: { type: 'string' },
    ai: { type: 'string' },
    ruleset: { type: 'string' },
    workers: { type: 'string' },
    json: { type: 'boolean' },
    csv: { type: 'boolean' },
    quiet: { type: 'boolean', short: 'q' },
  }, io);
  if (parsed.exit !== null) return parsed.exit;
  const v = parsed.values;
  const usage = (message: string): number => {
    io.err(`sweep: ${message}\n${USAGE}`);
    return EXIT.usage;
  };
  if (parsed.positionals.length !== 1) return usage('give exactly one SCENARIO id');
  if (v.json === true && v.csv === true) return usage('give --json or --csv, not both');
  if (v.vary === undefined || v.vary.length === 0) return usage("give at least one --vary PATH=V1,V2, e.g. --vary 'ruleset.clash.tie=standoff,attacker'");
  const runs = v.runs === undefined ? 1000 : intArg(v.runs, 1, 1e9);
  const seed = v.seed === undefined ? 1 : intArg(v.seed, 0, 0xffffffff);
  const workers = v.workers === undefined ? defaultWorkers() : intArg(v.workers, 1, 256);
  if (runs === null || seed === null || workers === null) return usage('--runs and --workers must be whole numbers ≥ 1, --seed 0..4294967295');
  const varies: Vary[] = [];
  for (const raw of v.vary) {
    const vary = parseVary(raw);
    if (!vary.ok) return usage(vary.error.message);
    varies.push(vary.value);
  }
  const grid = gridOf(varies);
  if (!grid.ok) return usage(grid.error.message);
  const bots = botsArg('sweep', v.ai, io);
  if (!bots.ok) return bots.exit;
  let crews: [string, string] | undefined;
  if (v.crews !== undefined) {
    const pair = pairArg(v.crews);
    if (pair === null) return usage(`--crews '${v.crews}' must be two crew ids separated by a comma`);
    crews = pair;
  }
  const read = await readWorkspaceDocuments(resolve(v.workspace ?? '.'));
  if (!read.ok) {
    io.err(`sweep: ${read.error.message}`);
    return EXIT.usage;
  }
  const { model } = modelOf(read.value);
  const scenario = parsed.positionals[0];
  if (!model.scenarios.has(scenario)) return usage(`scenario '${scenario}' does not exist; valid scenarios: ${[...model.scenarios.keys()].sort().join(', ') || '(none)'}`);
  const base = { documents: read.value, model, scenario, crews, ruleset: v.ruleset, bots: bots.names };

  // Build and check every variant before the first run: a typo in the last one costs nothing.
  const setups = [];
  for (const [i, variant] of grid.value.entries()) {
    const plan = planVariant(base, varies, variant, i);
    if (!plan.ok) return usage(plan.error.message);
    const botCheck = botsArg('sweep', plan.value.bots.join(','), io);
    if (!botCheck.ok) return botCheck.exit;
    const prepared = prepareSetup(plan.value.documents, { scenario, crews: plan.value.crews, ruleset: plan.value.ruleset });
    if (!prepared.ok) {
      const synthetic = plan.value.syntheticPath;
      const own = (prepared.error.diagnostics ?? []).filter((d) => d.file === synthetic);
      printDiagnostics(io, (prepared.error.diagnostics ?? []).filter((d) => d.file !== synthetic));
      for (const d of own) io.err(`sweep: variant ${plan.value.label.join(' ')}: ${d.message}`);
      if (own.length === 0) io.err(`sweep: variant ${plan.value.label.join(' ')}: ${prepared.error.message}`);
      // A bad --vary value (its own document's errors) or an unknown id is a usage error; errors in
      // the workspace's files are errors found.
      const fromVary = own.length > 0 && own.length === (prepared.error.diagnostics ?? []).length;
      return fromVary || prepared.error.code === 'setup/unknown-id' ? EXIT.usage : EXIT.invalid;
    }
    setups.push({ plan: plan.value, setup: prepared.value.setup });
  }

  const format = v.json === true ? 'json' : v.csv === true ? 'csv' : 'text';
  const run = startLongRun(io, 'sweep', 'runs', progressStream(io, { json: v.json, csv: v.csv, quiet: v.quiet }));
  const rows: SweepRow[] = [];
  const started = performance.now();
  for (const [i, { plan, setup }] of setups.entries()) {
    if (run.interrupted) break;
    const result = await simulateInRun(run, setup, { policies: plan.bots, seed, runs }, workers, { offset: i * runs, total: setups.length * runs });
    if (!result.ok) {
      run.end();
      io.err(`sweep: variant ${plan.label.join(' ')}: ${result.error.message}`);
      return EXIT.invalid;
    }
    if (run.interrupted) break;
    const { elapsedMs: _e, analysis: _a, ...report } = result.value.report;
    rows.push({ values: varies.map((vary, axis) => vary.values[grid.value[i][axis]].text), bots: plan.bots, report: report as Omit<SimReport, 'elapsedMs' | 'analysis'> });
  }
  run.end();
  const partial = run.interrupted;
  const meta = { scenario, runs, seed, varies, total: setups.length, partial, elapsedMs: Math.round(performance.now() - started) };
  if (format === 'json') io.out(sweepJson(meta, rows));
  else if (format === 'csv') io.out(sweepCsv(varies, rows));
  else io.out(sweepTable(meta, rows));
  if (partial && format === 'csv') io.err(`sweep: PARTIAL RESULT: interrupted by Ctrl+C after ${rows.length} of ${setups.length} variants`);
  return partial ? EXIT.interrupted : EXIT.ok;
}
