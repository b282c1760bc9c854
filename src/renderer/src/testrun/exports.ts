/**
 * Exports of the Test run panel (issue 11, item 5): a simulation or a comparison as JSON (the
 * `simulate --json` shape) and CSV, a played battle as a readable Markdown battle report (its
 * `play --log` JSON is written by play-session's log functions). Pure: text out, no DOM.
 */
import { describeEvent } from '../../../shared/engine';
import type { Comparison, RateDiff } from '../../../shared/engine/analysis';
import type { SimReport } from '../../../shared/engine/sim/report';
import type { PlaySession } from './play-session';

/** The report as `mortisphere simulate --json` prints it: the DESIGN.md keys, no `analysis`. */
export function cliReport(report: SimReport): Omit<SimReport, 'analysis'> {
  const { analysis: _analysis, ...required } = report;
  return required;
}

/** A simulation as JSON text: the CLI's shape, pretty-printed, with a final newline. */
export const simulationJson = (report: SimReport): string => `${JSON.stringify(cliReport(report), null, 2)}\n`;

/** One run of a comparison: what was compared and its report. */
export interface ComparedRun {
  label: string;
  report: SimReport;
}

/** A comparison as JSON text: both runs in the CLI's shape and the differences (second − first). */
export function comparisonJson(runs: readonly [ComparedRun, ComparedRun], comparison: Comparison): string {
  const diff = (d: RateDiff) => ({ subject: d.subject, first: d.first, second: d.second, difference: d.diff, ci95: d.ci95, significant: d.significant });
  return `${JSON.stringify(
    {
      first: { label: runs[0].label, ...cliReport(runs[0].report) },
      second: { label: runs[1].label, ...cliReport(runs[1].report) },
      difference: { sides: comparison.sides.map(diff), draws: diff(comparison.draws) },
    },
    null,
    2,
  )}\n`;
}

/** One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(v: string | number | boolean | null | undefined): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csv = (rows: (string | number | boolean | null | undefined)[][]): string =>
  `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

/** Columns of the simulation CSV: one tidy row per number. */
export const SIMULATION_CSV_HEADER = ['section', 'subject', 'side', 'value', 'ci95_low', 'ci95_high', 'count'] as const;

/**
 * A simulation as CSV: `meta` (runs, seed, ruleset), `win_rate` and `draw_rate` with intervals and
 * counts, `rounds` (count per rounds played), `incapacitated_rate` per member, `objective_completed_rate`
 * per objective and side, and `points` (count per final points, per side) when the report has them.
 */
export function simulationCsv(report: SimReport): string {
  const rows: (string | number | null)[][] = [[...SIMULATION_CSV_HEADER]];
  rows.push(['meta', 'runs', null, report.runs, null, null, null]);
  rows.push(['meta', 'seed', null, report.seed, null, null, null]);
  rows.push(['meta', 'ruleset', null, report.ruleset, null, null, null]);
  for (const s of report.sides) rows.push(['win_rate', s.side, s.side, s.winRate, s.ci95[0], s.ci95[1], s.wins]);
  const draw = report.analysis?.drawCi95 ?? null;
  rows.push(['draw_rate', 'draw', null, report.runs > 0 ? report.draws / report.runs : 0, draw?.[0] ?? null, draw?.[1] ?? null, report.draws]);
  for (const [r, c] of Object.entries(report.rounds.histogram)) rows.push(['rounds', r, null, report.runs > 0 ? c / report.runs : 0, null, null, c]);
  for (const m of report.members) rows.push(['incapacitated_rate', m.member, m.side, m.incapacitatedRate, null, null, null]);
  for (const o of report.objectives)
    for (const [side, rate] of Object.entries(o.completedRate)) rows.push(['objective_completed_rate', o.id, side, rate, null, null, null]);
  for (const p of report.analysis?.points ?? [])
    for (const [pts, c] of Object.entries(p.histogram)) rows.push(['points', pts, p.side, report.runs > 0 ? c / report.runs : 0, null, null, c]);
  return csv(rows);
}

/** A comparison as CSV: one row per side (wins) and the draws, both rates, the difference and its interval. */
export function comparisonCsv(labels: readonly [string, string], comparison: Comparison): string {
  const rows: (string | number | boolean)[][] = [
    ['outcome', 'first', 'second', 'first_rate', 'second_rate', 'difference', 'ci95_low', 'ci95_high', 'significant'],
  ];
  for (const d of [...comparison.sides, comparison.draws])
    rows.push([d.subject === 'draw' ? 'draw' : `${d.subject} wins`, labels[0], labels[1], d.first, d.second, d.diff, d.ci95[0], d.ci95[1], d.significant]);
  return csv(rows);
}

/** Markdown text with its special characters escaped, for names and log lines. */
const md = (s: string): string => s.replace(/([\\`*_{}[\]<>#|])/g, '\\$1');

/**
 * A played battle as a Markdown battle report: the setup (scenario, sides, crews and values,
 * ruleset, seed), the result, then every event of the log under its round.
 */
export function battleReport(session: PlaySession): string {
  const { setup } = session;
  const value = (i: 0 | 1): number => setup.sides[i].members.reduce((t, m) => t + m.cost, 0);
  const result = session.state.result;
  const points = setup.sides.map((s, i) => `${md(s.name)} ${session.state.points[i] ?? 0}`).join(', ');
  const lines: string[] = [
    `# Battle report: ${md(setup.scenarioName)}`,
    '',
    `- Scenario: ${md(setup.scenarioName)} (\`${setup.scenarioId}\`)`,
    ...setup.sides.map(
      (s, i) =>
        `- ${md(s.name)}: ${md(s.crewName)} (\`${s.crewId}\`, crew value ${value(i as 0 | 1)}): ${s.members.map((m) => `${md(m.name)} (${m.die}, Health ${m.maxHealth}${m.captain ? ', Captain' : ''})`).join(', ')}`,
    ),
    `- Ruleset: \`${setup.rulesetId}\``,
    `- Seed: ${session.seed}`,
    `- Decisions: ${session.decisions.length}`,
    '',
    '## Result',
    '',
    result
      ? `${result.winner === null ? 'A draw' : `${md(setup.sides.find((s) => s.id === result.winner)?.name ?? result.winner)} wins`} after round ${result.rounds} (${result.reason}). Points: ${points}.`
      : `Not finished: round ${session.state.round} of ${setup.rounds}. Points: ${points}.`,
    '',
  ];
  let round: number | null = null;
  session.events.forEach((e, i) => {
    if (e.type === 'roundStarted' && e.round !== round) {
      round = e.round;
      lines.push(`## Round ${e.round}`, '');
    } else if (round === null && i === 0) lines.push('## Opening', '');
    lines.push(`${i + 1}. ${md(describeEvent(e, setup))}`);
  });
  lines.push('');
  return lines.join('\n');
}
