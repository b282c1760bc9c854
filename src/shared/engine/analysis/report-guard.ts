/**
 * Checking a simulation report that crossed a process boundary (`main:sim-done` carries it as
 * `unknown`) before the panel reads it.
 */
import { err, ok } from '../../result';
import type { Result } from '../../result';
import type { SimReport } from '../sim/report';

const isObj = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/**
 * The report as a {@link SimReport} when it has every DESIGN.md key with the right types
 * (`analysis` is kept when it is an object); `sim/bad-report` naming the first bad key otherwise.
 */
export function asSimReport(x: unknown): Result<SimReport> {
  const bad = (key: string): Result<SimReport> =>
    err(
      'sim/bad-report',
      `the simulation report has a missing or malformed '${key}'; the simulation service and the editor are out of step — restart the app`,
    );
  if (!isObj(x)) return bad('report');
  if (!isNum(x.runs)) return bad('runs');
  if (!isNum(x.seed)) return bad('seed');
  if (typeof x.ruleset !== 'string') return bad('ruleset');
  if (!Array.isArray(x.sides) || x.sides.length !== 2) return bad('sides');
  for (const s of x.sides) {
    if (
      !isObj(s) ||
      typeof s.side !== 'string' ||
      !isNum(s.wins) ||
      !isNum(s.winRate) ||
      !Array.isArray(s.ci95)
    )
      return bad('sides');
  }
  if (!isNum(x.draws)) return bad('draws');
  if (!isObj(x.rounds) || !isNum(x.rounds.mean) || !isObj(x.rounds.histogram)) return bad('rounds');
  if (!Array.isArray(x.members) || !x.members.every((m) => isObj(m) && isNum(m.incapacitatedRate)))
    return bad('members');
  if (
    !Array.isArray(x.objectives) ||
    !x.objectives.every((o) => isObj(o) && typeof o.id === 'string' && isObj(o.completedRate))
  )
    return bad('objectives');
  if (x.analysis !== undefined && !isObj(x.analysis)) return bad('analysis');
  if (x.coverage !== undefined && (!isObj(x.coverage) || !Array.isArray(x.coverage.entries) || !Array.isArray(x.coverage.neverFired))) return bad('coverage');
  return ok(x as unknown as SimReport);
}
