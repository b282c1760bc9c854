/**
 * Judging a balance gate: the metric's Wilson 95 % interval must lie wholly on the passing side
 * of the bound to pass, wholly on the failing side to fail; anything else is inconclusive (more
 * runs would narrow the interval). Exit code 1 for fail and inconclusive alike.
 */
import { err, ok } from '../result';
import type { Result } from '../result';
import { wilsonHalfWidth, wilsonInterval } from '../engine/sim/wilson';
import { resolveMetric } from './metrics';
import type { GateSubject, MeasuredReport, ResolvedMetric } from './metrics';
import { formatComparison, parseAssertion } from './parse';
import type { Comparison, ParsedAssertion } from './parse';

/** A parsed assertion with its metric resolved against one simulation. */
export interface Gate {
  assertion: ParsedAssertion;
  metric: ResolvedMetric;
}

/** The verdict on one gate, with the figures behind it. */
export interface GateVerdict {
  assertion: string;
  status: 'pass' | 'fail' | 'inconclusive';
  /** The canonical metric, e.g. `winRate(a)`. */
  metric: string;
  value: number;
  ci95: [number, number];
  runs: number;
  /** One line for people: verdict, assertion, measured value and interval, and a hint when inconclusive. */
  message: string;
}

/**
 * Parses and resolves every assertion before a simulation runs, so a typo costs no runs.
 * The error message starts with the assertion text.
 */
export function prepareGates(assertions: readonly string[], subject: GateSubject): Result<Gate[]> {
  const gates: Gate[] = [];
  for (const text of assertions) {
    const parsed = parseAssertion(text);
    if (!parsed.ok) return err(parsed.error.code, `assertion '${text.trim()}': ${parsed.error.message}`);
    const metric = resolveMetric(parsed.value, subject);
    if (!metric.ok) return err(metric.error.code, `assertion '${text.trim()}': ${metric.error.message}`);
    gates.push({ assertion: parsed.value, metric: metric.value });
  }
  return ok(gates);
}

/** Where the interval [lo, hi] stands against the comparison. */
function verdictOf(c: Comparison, lo: number, hi: number): GateVerdict['status'] {
  switch (c.op) {
    case '<':
      return hi < c.value ? 'pass' : lo >= c.value ? 'fail' : 'inconclusive';
    case '<=':
      return hi <= c.value ? 'pass' : lo > c.value ? 'fail' : 'inconclusive';
    case '>':
      return lo > c.value ? 'pass' : hi <= c.value ? 'fail' : 'inconclusive';
    case '>=':
      return lo >= c.value ? 'pass' : hi < c.value ? 'fail' : 'inconclusive';
    case 'in':
      return lo >= c.lo && hi <= c.hi ? 'pass' : hi < c.lo || lo > c.hi ? 'fail' : 'inconclusive';
    case 'holds':
      return lo > 0 ? 'pass' : 'fail';
  }
}

const fmt = (x: number): string => (Math.round(x * 10000) / 10000).toString();

/**
 * About how many runs would make the interval clear the nearest bound, from the half-width
 * shrinking like 1/√n; null when the measured value sits on a bound (no run count settles it).
 */
export function runsToSettle(c: Comparison, successes: number, runs: number): number | null {
  if (runs <= 0 || c.op === 'holds') return null;
  const p = successes / runs;
  const bounds = c.op === 'in' ? [c.lo, c.hi] : [c.value];
  const gap = Math.min(...bounds.map((b) => Math.abs(p - b)));
  if (gap < 1e-12) return null;
  const h = wilsonHalfWidth(successes, runs);
  const needed = Math.ceil(runs * (h / gap) ** 2 * 1.1);
  return Math.max(runs + 1, needed);
}

/** Judges one gate against a finished report. */
export function judgeGate(gate: Gate, report: MeasuredReport): GateVerdict {
  const k = gate.metric.successes(report);
  const n = report.runs;
  if (gate.assertion.comparison.op === 'holds') return judgeCheck(gate, report, k, n);
  const [lo, hi] = wilsonInterval(k, n);
  const value = n > 0 ? k / n : 0;
  const status = n === 0 ? 'inconclusive' : verdictOf(gate.assertion.comparison, lo, hi);
  const figures = `measured ${fmt(value)}, 95% interval [${fmt(lo)}, ${fmt(hi)}] over ${n} run${n === 1 ? '' : 's'}`;
  const head = `${status.toUpperCase()} ${gate.assertion.text}: ${figures}`;
  let message = head;
  if (status === 'fail') message = `${head}; ${gate.metric.label} is not ${formatComparison(gate.assertion.comparison)}`;
  if (status === 'inconclusive') {
    const more = runsToSettle(gate.assertion.comparison, k, n);
    message =
      more === null
        ? `${head}; the measured value sits on a bound, so no number of runs settles it — move the bound`
        : `${head}; the interval straddles a bound — raise the runs (about ${more} would settle it at this rate) or use --until-halfwidth`;
  }
  return { assertion: gate.assertion.text, status, metric: gate.metric.label, value, ci95: [lo, hi], runs: n, message };
}

/**
 * A yes/no gate (`covered(ID)`): passes when it happened in at least one battle. No interval
 * decides it — one battle is proof — so it is never inconclusive; a failure says why it never fired.
 */
function judgeCheck(gate: Gate, report: MeasuredReport, k: number, n: number): GateVerdict {
  const status = k > 0 ? 'pass' : 'fail';
  const value = n > 0 ? k / n : 0;
  const figures = `fired in ${k} of ${n} battle${n === 1 ? '' : 's'}`;
  const why = status === 'fail' ? gate.metric.detail?.(report) : undefined;
  const message = `${status.toUpperCase()} ${gate.assertion.text}: ${figures}${why ? `; ${why}` : ''}`;
  return { assertion: gate.assertion.text, status, metric: gate.metric.label, value, ci95: wilsonInterval(k, n), runs: n, message };
}

/** True when every verdict passed. */
export const allPassed = (verdicts: readonly GateVerdict[]): boolean => verdicts.every((v) => v.status === 'pass');
