import type { SimReport } from '../../shared/engine/sim/report';
import { neverFiredLine } from '../../shared/engine/sim/coverage-report';
import type { GateVerdict } from '../../shared/gates';
import type { CliIo } from './cli-common';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The readable summary table of a report (text mode of `simulate` and `merge`). */
export const formatReport = (r: SimReport, policies: readonly [string, string]): string => {
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
  if (r.coverage !== undefined) lines.push('', ...coverageLines(r));
  return lines.join('\n');
};

/** Most never-fired lines the text output shows (the JSON has them all). */
export const NEVER_FIRED_SHOWN = 10;

/** The text output's coverage: a count, and a short list of what never fired with the reason. */
const coverageLines = (r: SimReport): string[] => {
  const c = r.coverage!;
  const tracked = c.entries.filter((e) => e.off === undefined).length;
  const never = c.neverFired;
  if (never.length === 0) return [`coverage: all ${tracked} tracked rules, effects, objectives and Areas fired`];
  const out = [`coverage: ${never.length} of ${tracked} tracked rules, effects, objectives and Areas never fired:`];
  for (const n of never.slice(0, NEVER_FIRED_SHOWN)) out.push(`  ${neverFiredLine(n, r.runs)}`);
  if (never.length > NEVER_FIRED_SHOWN) out.push(`  … and ${never.length - NEVER_FIRED_SHOWN} more (--json lists them all)`);
  return out;
};

/** What a report's JSON may carry besides the DESIGN.md keys (only when present). */
export interface ReportExtras {
  /** The `--assert` verdicts. */
  assertions?: GateVerdict[];
  /** True when Ctrl+C stopped the run: the figures cover fewer runs than asked. */
  partial?: boolean;
}

/**
 * The `simulate --json` text: exactly the DESIGN.md keys in order (no `analysis`), then
 * `assertions` and `partial` when given. Equal reports give byte-identical text.
 */
export function reportJson(report: SimReport, extras: ReportExtras = {}): string {
  const { analysis: _analysis, ...required } = report;
  const out: Record<string, unknown> = { ...required };
  if (extras.assertions !== undefined) out.assertions = extras.assertions;
  if (extras.partial === true) out.partial = true;
  return JSON.stringify(out);
}

/** The first line of a partial result's text output. */
export const partialLine = (done: number, asked: number | null): string =>
  `PARTIAL RESULT: interrupted by Ctrl+C after ${done} run${done === 1 ? '' : 's'}${asked === null ? '' : ` of ${asked}`}; the figures below cover only those runs`;

/** Prints gate verdicts: to stdout in text mode, failures also to stderr in JSON mode (stdout stays JSON). */
export function printVerdicts(io: CliIo, verdicts: readonly GateVerdict[], json: boolean): void {
  for (const v of verdicts) {
    if (!json) io.out(v.message);
    else if (v.status !== 'pass') io.err(v.message);
  }
}
