import type { SimReport } from '../../shared/engine/sim/report';
import { defaultWorkers, simulateSetup } from '../../main/services/simulation';
import type { ProgressInfo } from '../../main/services/simulation';
import { EXIT, defaultIo, intArg, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { botsArg, loadSetup } from './sim-load';

const USAGE =
  'usage: mortisphere simulate SCENARIO [--workspace DIR] [--crews A,B] [--runs N] [--seed S] [--ai P,P] [--ruleset ID|FILE] [--workers N] [--json]';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The readable summary table of a report (text mode). */
export const formatReport = (r: SimReport, policies: [string, string]): string => {
  const lines = [`${r.runs} runs, seed ${r.seed}, ruleset '${r.ruleset}', bots ${policies.join(' vs ')}, ${r.elapsedMs} ms`, ''];
  lines.push(`${'side'.padEnd(6)}${'crew'.padEnd(24)}${'wins'.padStart(9)}${'win rate'.padStart(10)}  95% interval`);
  r.sides.forEach((s) =>
    lines.push(`${s.side.padEnd(6)}${s.crew.padEnd(24)}${String(s.wins).padStart(9)}${pct(s.winRate).padStart(10)}  ${pct(s.ci95[0])} – ${pct(s.ci95[1])}`),
  );
  lines.push(`${'draws'.padEnd(30)}${String(r.draws).padStart(9)}${pct(r.runs > 0 ? r.draws / r.runs : 0).padStart(10)}`, '');
  lines.push(`rounds: mean ${r.rounds.mean.toFixed(2)}; ${Object.entries(r.rounds.histogram).map(([k, v]) => `${k}: ${v}`).join(', ')}`, '');
  lines.push('incapacitated:');
  r.members.forEach((m) => lines.push(`  ${`${m.side} ${m.crew}/${m.member}`.padEnd(36)}${pct(m.incapacitatedRate).padStart(8)}`));
  if (r.objectives.length > 0) {
    lines.push('', 'objectives completed:');
    r.objectives.forEach((o) =>
      lines.push(`  ${o.id.padEnd(24)}${Object.entries(o.completedRate).map(([side, v]) => `${side} ${pct(v)}`).join('  ')}`),
    );
  }
  return lines.join('\n');
};

/**
 * `mortisphere simulate SCENARIO …` (DESIGN.md). Exit 0 on success, 1 for a workspace with
 * errors (diagnostics printed), 2 for a usage error, unknown bot or unknown id.
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
  }, io);
  if (parsed.exit !== null) return parsed.exit;
  const v = parsed.values;
  if (parsed.positionals.length !== 1) {
    io.err(`simulate: give exactly one SCENARIO (an id or a file)\n${USAGE}`);
    return EXIT.usage;
  }
  const runs = v.runs === undefined ? 1000 : intArg(v.runs, 1, 1e9);
  const seed = v.seed === undefined ? 1 : intArg(v.seed, 0, 0xffffffff);
  const workers = v.workers === undefined ? defaultWorkers() : intArg(v.workers, 1, 256);
  for (const [name, value, raw] of [['runs', runs, v.runs], ['seed', seed, v.seed], ['workers', workers, v.workers]] as const) {
    if (value === null) {
      io.err(`simulate: --${name} '${raw}' must be a whole number (runs and workers ≥ 1, seed 0..4294967295)\n${USAGE}`);
      return EXIT.usage;
    }
  }
  const bots = botsArg('simulate', v.ai, io);
  if (!bots.ok) return bots.exit;
  const ai = bots.names;
  const loaded = await loadSetup('simulate', { workspace: v.workspace, scenario: parsed.positionals[0], crews: v.crews, ruleset: v.ruleset }, io);
  if (!loaded.ok) return loaded.exit;
  // One worker runs in this thread: same runner, same seeds, no thread start-up.
  // Live progress only for a person watching a terminal; never mixed into captured output.
  const tty = io === defaultIo && process.stderr.isTTY === true;
  const onProgress = tty
    ? (p: ProgressInfo): void => void process.stderr.write(`\rsimulate: ${p.done}/${p.total ?? '?'} runs, ${Math.round(p.runsPerSecond)}/s, ${p.etaMs === null ? '' : `${Math.ceil(p.etaMs / 1000)} s left`}   `)
    : undefined;
  const result = await simulateSetup(loaded.setup, { policies: ai, seed: seed!, runs: runs! }, { workers: workers === 1 ? 0 : workers!, onProgress });
  if (tty) process.stderr.write('\r\x1b[K');
  if (!result.ok) {
    io.err(`simulate: ${result.error.message}`);
    return EXIT.invalid;
  }
  const { analysis: _analysis, ...required } = result.value.report;
  io.out(v.json ? JSON.stringify(required) : formatReport(result.value.report, ai));
  return EXIT.ok;
}
