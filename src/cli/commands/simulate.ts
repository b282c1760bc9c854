import { layoutOf } from '../../shared/engine/sim/runner';
import { allPassed, judgeGate, prepareGates, subjectOfLayout } from '../../shared/gates';
import type { Gate } from '../../shared/gates';
import { PART_FORMAT, PART_VERSION, canonicalJson, parseShard, shardRange } from '../../shared/sim-parts';
import type { SimPart } from '../../shared/sim-parts';
import { DEFAULT_MAX_RUNS, defaultWorkers } from '../../main/services/simulation';
import type { SimPlan } from '../../main/services/simulation';
import { atomicWrite } from '../../main/services/atomic-write';
import { sha256 } from '../../main/services/hash';
import { progressStream } from '../progress';
import { EXIT, defaultIo, fractionArg, intArg, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { botsArg, loadSetup } from './sim-load';
import { formatReport, partialLine, printVerdicts, reportJson } from './sim-output';
import { simulateInRun, startLongRun } from './sim-run';

export { formatReport } from './sim-output';

const USAGE = `usage: mortisphere simulate SCENARIO [--workspace DIR] [--crews A,B] [--runs N | --until-halfwidth X [--max-runs N]]
                            [--seed S] [--ai P,P] [--ruleset ID|FILE] [--workers N] [--assert EXPR]… [--json] [--quiet]
                            [--shard I/N --out FILE]

  --until-halfwidth X  run batches of 1000 until every side's 95% win-rate interval is narrower than ±X (0 < X ≤ 0.5)
  --max-runs N         stop there even if the interval is still wider (default ${DEFAULT_MAX_RUNS})
  --assert EXPR        a balance gate judged against the 95% interval, e.g. 'winRate(a) in [0.45, 0.55]',
                       'draws < 0.1', 'objective(core).completed(a) > 0.05' (README "Balance gates"); repeatable
  --shard I/N          play only the I-th of N slices of the runs and write their statistics to --out FILE;
                       'mortisphere merge' combines the N files into this command's --json report
  --quiet              no progress line on a terminal
Exit codes: 0 done and every gate passed, 1 errors or a gate failed or is inconclusive,
2 usage error or unknown id, 130 interrupted by Ctrl+C (the partial result is printed, marked partial).`;

/** Reads and checks the run-size and shard options; null after printing a usage error. */
function readPlan(v: Record<string, string | boolean | string[] | undefined>, io: CliIo): { plan: SimPlan; workers: number; shard: { index: number; count: number } | null } | null {
  const usage = (message: string): null => {
    io.err(`simulate: ${message}\n${USAGE}`);
    return null;
  };
  const str = (k: string): string | undefined => v[k] as string | undefined;
  if (str('runs') !== undefined && str('until-halfwidth') !== undefined) return usage('give either --runs N or --until-halfwidth X, not both');
  if (str('max-runs') !== undefined && str('until-halfwidth') === undefined) return usage('--max-runs caps --until-halfwidth; give --until-halfwidth X too, or use --runs N');
  const runs = str('runs') === undefined ? 1000 : intArg(str('runs')!, 1, 1e9);
  const seed = str('seed') === undefined ? 1 : intArg(str('seed')!, 0, 0xffffffff);
  const workers = str('workers') === undefined ? defaultWorkers() : intArg(str('workers')!, 1, 256);
  const maxRuns = str('max-runs') === undefined ? DEFAULT_MAX_RUNS : intArg(str('max-runs')!, 1, 1e9);
  for (const [name, value] of [['runs', runs], ['seed', seed], ['workers', workers], ['max-runs', maxRuns]] as const) {
    if (value === null) return usage(`--${name} '${str(name)}' must be a whole number (runs, max-runs and workers ≥ 1, seed 0..4294967295)`);
  }
  let half: number | undefined;
  if (str('until-halfwidth') !== undefined) {
    const h = fractionArg(str('until-halfwidth')!, 0, 0.5);
    if (h === null) return usage(`--until-halfwidth '${str('until-halfwidth')}' must be a number above 0 and at most 0.5, e.g. 0.01 for ±1 percentage point`);
    half = h;
  }
  let shard: { index: number; count: number } | null = null;
  if (str('shard') !== undefined) {
    const s = parseShard(str('shard')!);
    if (!s.ok) return usage(s.error.message);
    if (half !== undefined) return usage('--shard needs a fixed --runs N (every shard must know its slice); --until-halfwidth cannot be split');
    if (str('out') === undefined) return usage('--shard writes a statistics file: give --out FILE (e.g. --out part-1.json)');
    if ((v.assert as string[] | undefined)?.length) return usage("--assert is judged on the whole run: pass it to 'mortisphere merge', not to a shard");
    if (s.value.count > runs!) return usage(`--shard ${str('shard')}: ${runs} runs cannot be split into ${s.value.count} shards; use fewer shards or more runs`);
    shard = s.value;
  }
  const plan: SimPlan = { policies: ['greedy', 'greedy'], seed: seed!, runs: runs!, untilHalfWidth: half, maxRuns: maxRuns! };
  if (shard) {
    const range = shardRange(runs!, shard.index, shard.count);
    plan.firstRun = range.from;
    plan.runs = range.to - range.from;
  }
  return { plan, workers: workers!, shard };
}

/**
 * `mortisphere simulate SCENARIO …` (DESIGN.md). Exit 0 on success (every gate passed), 1 for a
 * workspace with errors or a failed / inconclusive gate, 2 for a usage error, unknown bot or id,
 * 130 when Ctrl+C stopped it (partial result printed, marked partial; a shard writes nothing).
 */
export async function simulateCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('simulate', USAGE, argv, {
    workspace: { type: 'string' },
    crews: { type: 'string' },
    runs: { type: 'string' },
    seed: { type: 'string' },
    ai: { type: 'string' },
    ruleset: { type: 'string' },
    workers: { type: 'string' },
    json: { type: 'boolean' },
    quiet: { type: 'boolean', short: 'q' },
    'until-halfwidth': { type: 'string' },
    'max-runs': { type: 'string' },
    assert: { type: 'string', multiple: true },
    shard: { type: 'string' },
    out: { type: 'string' },
  }, io);
  if (parsed.exit !== null) return parsed.exit;
  const v = parsed.values;
  if (parsed.positionals.length !== 1) {
    io.err(`simulate: give exactly one SCENARIO (an id or a file)\n${USAGE}`);
    return EXIT.usage;
  }
  const read = readPlan(v, io);
  if (read === null) return EXIT.usage;
  const { plan, workers, shard } = read;
  const bots = botsArg('simulate', v.ai, io);
  if (!bots.ok) return bots.exit;
  plan.policies = bots.names;
  const loaded = await loadSetup('simulate', { workspace: v.workspace, scenario: parsed.positionals[0], crews: v.crews, ruleset: v.ruleset }, io);
  if (!loaded.ok) return loaded.exit;
  let gates: Gate[] = [];
  if (v.assert !== undefined) {
    const prepared = prepareGates(v.assert, subjectOfLayout(layoutOf(loaded.setup)));
    if (!prepared.ok) {
      io.err(`simulate: ${prepared.error.message}`);
      return EXIT.usage;
    }
    gates = prepared.value;
  }
  // Progress only for a person watching a terminal: never with --json, a shard file or --quiet.
  const run = startLongRun(io, 'simulate', 'runs', progressStream(io, { json: v.json === true || shard !== null, quiet: v.quiet }));
  const result = await simulateInRun(run, loaded.setup, plan, workers);
  run.end();
  if (!result.ok) {
    io.err(`simulate: ${result.error.message}`);
    return EXIT.invalid;
  }
  const { report, stats } = result.value;
  const interrupted = run.interrupted || result.value.cancelled;
  if (shard !== null) {
    if (interrupted) {
      io.err(`simulate: interrupted by Ctrl+C after ${report.runs} of ${plan.runs} runs of shard ${shard.index}/${shard.count}; nothing was written (a part must be whole) — run the shard again`);
      return EXIT.interrupted;
    }
    const part: SimPart = {
      format: PART_FORMAT,
      version: PART_VERSION,
      run: {
        scenario: loaded.setup.scenarioId,
        crews: loaded.crews,
        ruleset: loaded.setup.rulesetId,
        bots: bots.names,
        seed: plan.seed >>> 0,
        runs: Number(v.runs ?? 1000),
        setupSha256: sha256(canonicalJson(loaded.setup)),
      },
      shard: { index: shard.index, count: shard.count, from: plan.firstRun!, to: plan.firstRun! + plan.runs! },
      layout: stats.layout,
      stats: stats.acc,
      elapsedMs: report.elapsedMs,
    };
    try {
      await atomicWrite(v.out!, `${JSON.stringify(part)}\n`);
    } catch (e) {
      io.err(`simulate: cannot write '${v.out}' (${(e as NodeJS.ErrnoException).code ?? 'error'}); check the folder exists and is writable`);
      return EXIT.usage;
    }
    io.err(`simulate: shard ${shard.index}/${shard.count} (runs ${part.shard.from}..${part.shard.to - 1} of ${part.run.runs}) written to ${v.out}`);
    return EXIT.ok;
  }
  const verdicts = gates.map((g) => judgeGate(g, report));
  const json = v.json === true;
  if (json) {
    io.out(reportJson(report, { assertions: v.assert !== undefined ? verdicts : undefined, partial: interrupted }));
  } else {
    const asked = plan.untilHalfWidth === undefined ? (plan.runs ?? null) : null;
    io.out(`${interrupted ? `${partialLine(report.runs, asked)}\n` : ''}${formatReport(report, bots.names)}${verdicts.length > 0 ? '\n' : ''}`);
  }
  printVerdicts(io, verdicts, json);
  if (interrupted) return EXIT.interrupted;
  return allPassed(verdicts) ? EXIT.ok : EXIT.invalid;
}
