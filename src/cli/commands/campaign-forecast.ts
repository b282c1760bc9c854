/**
 * `mortisphere campaign forecast CAMPAIGN --runs K [--ai P,P] [--seed S] [--workers N] [--json]`
 * (issue 10): the rest of the season played K times by bots, aftermath carried between battles.
 * Same seed ⇒ same JSON (but `elapsedMs`) whatever `--workers` is.
 */
import { forecastPlan } from '../../shared/campaign/forecast';
import type { ForecastReport } from '../../shared/campaign/forecast';
import { forecastRuns } from '../../main/services/forecast';
import { defaultWorkers } from '../../main/services/simulation';
import { EXIT, defaultIo, intArg, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { loadCampaign } from './campaign';
import { botsArg } from './sim-load';

const USAGE = 'usage: mortisphere campaign forecast CAMPAIGN --runs K [--ai P,P] [--seed S] [--workers N] [--json] [--workspace DIR]';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The readable forecast (text mode). */
export function formatForecast(r: ForecastReport): string {
  const lines = [`${r.runs} seasons, seed ${r.seed}, bots ${r.ai.join(' vs ')}, ${r.elapsedMs} ms`, ''];
  if (r.battles.length === 0) lines.push('no planned battle is left: the standings are final', '');
  else lines.push('remaining battles:', ...r.battles.map((b, i) => `  ${i + 1}. ${b.name}: ${b.crews.join(' vs ')}`), '');
  const w = Math.max(4, ...r.crews.map((c) => c.name.length));
  lines.push(`${'crew'.padEnd(w + 2)}${r.crews.map((_, i) => `${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'}`.padStart(8)).join('')}${'points'.padStart(9)}${'wins'.padStart(7)}`);
  for (const c of r.crews) lines.push(`${c.name.padEnd(w + 2)}${c.places.map((p) => pct(p).padStart(8)).join('')}${c.expectedPoints.toFixed(2).padStart(9)}${c.expectedWins.toFixed(2).padStart(7)}`);
  lines.push('', 'survival:');
  for (const c of r.crews) for (const m of c.members) lines.push(`  ${`${c.crew}/${m.member}`.padEnd(36)}${pct(m.survival).padStart(8)}`);
  return lines.join('\n');
}

/** Exit 0 with the report, 1 when the campaign has errors or a battle fails, 2 for a usage error. */
export async function campaignForecastCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('campaign forecast', USAGE, argv, {
    workspace: { type: 'string' },
    runs: { type: 'string' },
    ai: { type: 'string' },
    seed: { type: 'string' },
    workers: { type: 'string' },
    json: { type: 'boolean' },
  }, io);
  if (parsed.exit !== null) return parsed.exit;
  const v = parsed.values;
  if (parsed.positionals.length !== 1) {
    io.err(`campaign forecast: give exactly one CAMPAIGN (an id or a file)\n${USAGE}`);
    return EXIT.usage;
  }
  if (v.runs === undefined) {
    io.err(`campaign forecast: give --runs K (how many seasons to play, e.g. 1000)\n${USAGE}`);
    return EXIT.usage;
  }
  const runs = intArg(v.runs, 1, 10_000_000);
  const seed = v.seed === undefined ? 1 : intArg(v.seed, 0, 0xffffffff);
  const workers = v.workers === undefined ? defaultWorkers() : intArg(v.workers, 1, 256);
  for (const [name, value, raw] of [['runs', runs, v.runs], ['seed', seed, v.seed], ['workers', workers, v.workers]] as const) {
    if (value === null) {
      io.err(`campaign forecast: --${name} '${raw}' must be a whole number (runs and workers ≥ 1, seed 0..4294967295)\n${USAGE}`);
      return EXIT.usage;
    }
  }
  const bots = botsArg('campaign forecast', v.ai, io);
  if (!bots.ok) return bots.exit;
  const loaded = await loadCampaign('campaign forecast', parsed.positionals[0]!, v.workspace, io);
  if (!loaded.ok) return loaded.exit;
  const plan = forecastPlan(loaded.value.model, loaded.value.campaign, bots.names, seed!);
  if (!plan.ok) {
    io.err(`campaign forecast: ${plan.error.message}`);
    return EXIT.invalid;
  }
  // One worker runs in this thread: same runs, same seeds, no thread start-up.
  const result = await forecastRuns(plan.value, runs!, { workers: workers === 1 ? 0 : workers! });
  if (!result.ok) {
    io.err(`campaign forecast: ${result.error.message}`);
    return EXIT.invalid;
  }
  io.out(v.json ? JSON.stringify(result.value.report) : formatForecast(result.value.report));
  return EXIT.ok;
}
