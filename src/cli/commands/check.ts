import { resolve } from 'node:path';
import { layoutOf } from '../../shared/engine/sim/runner';
import { judgeGate, prepareGates, subjectOfLayout } from '../../shared/gates';
import type { GateVerdict } from '../../shared/gates';
import type { BalanceCheck } from '../../shared/model/types';
import { modelOf, prepareSetup } from '../../main/services/sim-setup';
import { readWorkspaceFiles } from '../../main/services/workspace-files';
import { defaultWorkers } from '../../main/services/simulation';
import { progressStream } from '../progress';
import { EXIT, defaultIo, intArg, parseCommand, printDiagnostics } from './cli-common';
import type { CliIo } from './cli-common';
import { simulateInRun, startLongRun } from './sim-run';

const USAGE = `usage: mortisphere check [DIR] [--json] [--workers N] [--quiet]

Runs the balance checks declared under 'checks:' in DIR/mortisphere.yaml (default: the current
folder): each simulates its scenario and judges its assertions against the 95% interval.
Exit codes: 0 every assertion passed (or no checks declared), 1 an assertion failed or is
inconclusive, or a check cannot run (errors printed), 2 usage error or unreadable folder,
130 interrupted by Ctrl+C (the checks finished so far are printed, marked partial).`;

/** The outcome of one declared check. */
interface CheckOutcome {
  name: string;
  scenario: string;
  crews: [string, string] | null;
  bots: [string, string];
  ruleset: string | null;
  runs: number;
  seed: number;
  status: 'pass' | 'fail' | 'inconclusive' | 'error';
  assertions: GateVerdict[];
  error?: string;
}

const statusOf = (verdicts: readonly GateVerdict[]): CheckOutcome['status'] =>
  verdicts.some((v) => v.status === 'fail') ? 'fail' : verdicts.some((v) => v.status === 'inconclusive') ? 'inconclusive' : 'pass';

/** `mortisphere check [DIR]`: runs the workspace's declared balance gates; resolves to an exit code. */
export async function checkCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('check', USAGE, argv, { json: { type: 'boolean' }, workers: { type: 'string' }, quiet: { type: 'boolean', short: 'q' } }, io);
  if (parsed.exit !== null) return parsed.exit;
  if (parsed.positionals.length > 1) {
    io.err(`check: give at most one folder, got ${parsed.positionals.length}\n${USAGE}`);
    return EXIT.usage;
  }
  const workers = parsed.values.workers === undefined ? defaultWorkers() : intArg(parsed.values.workers, 1, 256);
  if (workers === null) {
    io.err(`check: --workers '${parsed.values.workers}' must be a whole number ≥ 1\n${USAGE}`);
    return EXIT.usage;
  }
  const dir = parsed.positionals[0] ?? '.';
  const read = await readWorkspaceFiles(resolve(dir));
  if (!read.ok) {
    io.err(`check: ${read.error.message}`);
    return EXIT.usage;
  }
  const documents = Object.fromEntries(read.value.files.map((f) => [f.path, f.text]));
  const { model, diagnostics } = modelOf(documents);
  const manifestErrors = diagnostics.filter((d) => d.file === 'mortisphere.yaml' && d.severity === 'error');
  if (manifestErrors.length > 0) {
    printDiagnostics(io, manifestErrors);
    io.err(`check: mortisphere.yaml has ${manifestErrors.length} error(s); fix them first ('mortisphere validate ${dir}')`);
    return EXIT.invalid;
  }
  const checks: BalanceCheck[] = model.workspace?.checks ?? [];
  const json = parsed.values.json === true;
  if (checks.length === 0) {
    if (json) io.out(JSON.stringify({ checks: [], passed: 0, failed: 0 }));
    io.err(`check: ${model.workspace ? 'mortisphere.yaml declares no checks' : `'${dir}' has no mortisphere.yaml`}; add a 'checks:' list (README "Balance gates") to gate balance in CI`);
    return EXIT.ok;
  }
  const total = checks.reduce((t, c) => t + (c.runs ?? 1000), 0);
  const run = startLongRun(io, 'check', 'runs', progressStream(io, { json, quiet: parsed.values.quiet }));
  const outcomes: CheckOutcome[] = [];
  let offset = 0;
  for (const check of checks) {
    if (run.interrupted) break;
    const runs = check.runs ?? 1000;
    const bots = (check.bots ?? ['greedy', 'greedy']) as [string, string];
    const outcome: CheckOutcome = {
      name: check.name ?? check.scenario,
      scenario: check.scenario,
      crews: check.crews ? [check.crews[0], check.crews[1]] : null,
      bots,
      ruleset: check.ruleset ?? null,
      runs,
      seed: check.seed ?? 1,
      status: 'error',
      assertions: [],
    };
    outcomes.push(outcome);
    const prepared = prepareSetup(documents, { scenario: check.scenario, crews: outcome.crews ?? undefined, ruleset: check.ruleset });
    const gates = prepared.ok ? prepareGates(check.assertions, subjectOfLayout(layoutOf(prepared.value.setup))) : null;
    if (!prepared.ok || (gates !== null && !gates.ok)) {
      run.progress.clear();
      if (!prepared.ok) printDiagnostics(io, prepared.error.diagnostics ?? []);
      outcome.error = !prepared.ok ? prepared.error.message : gates !== null && !gates.ok ? gates.error.message : '';
      offset += runs;
      continue;
    }
    outcome.crews = [prepared.value.setup.sides[0].crewId, prepared.value.setup.sides[1].crewId];
    outcome.ruleset = prepared.value.setup.rulesetId;
    const result = await simulateInRun(run, prepared.value.setup, { policies: bots, seed: outcome.seed, runs }, workers, { offset, total });
    offset += runs;
    if (!result.ok) {
      outcome.error = result.error.message;
      continue;
    }
    if (run.interrupted) {
      outcomes.pop();
      break;
    }
    outcome.assertions = gates!.ok ? gates!.value.map((g) => judgeGate(g, result.value.report)) : [];
    outcome.status = statusOf(outcome.assertions);
  }
  run.end();
  const passed = outcomes.filter((o) => o.status === 'pass').length;
  const failed = outcomes.length - passed;
  const partial = run.interrupted;
  if (json) {
    io.out(JSON.stringify({ checks: outcomes, passed, failed, ...(partial ? { partial: true } : {}) }));
  } else {
    if (partial) io.out(`PARTIAL RESULT: interrupted by Ctrl+C after ${outcomes.length} of ${checks.length} checks`);
    outcomes.forEach((o, i) => {
      io.out(`check ${i + 1}/${checks.length} '${o.name}': ${o.scenario}, ${o.crews ? o.crews.join(' vs ') : 'scenario crews'}, bots ${o.bots.join(' vs ')}, ${o.runs} runs, seed ${o.seed}${o.ruleset ? `, ruleset '${o.ruleset}'` : ''}`);
      if (o.error !== undefined) io.out(`  ERROR ${o.error}`);
      for (const v of o.assertions) io.out(`  ${v.message}`);
    });
    io.out(`${outcomes.length} check${outcomes.length === 1 ? '' : 's'}: ${passed} passed, ${failed} failed or inconclusive`);
  }
  if (partial) return EXIT.interrupted;
  return failed === 0 ? EXIT.ok : EXIT.invalid;
}
