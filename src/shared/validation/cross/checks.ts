import { prepareGates } from '../../gates';
import type { GateSubject } from '../../gates';
import type { CrossContext } from './context';
import { asArr, asObj, asStr } from './context';
import { checkRef } from './refs';

/**
 * What the assertions of a check can name: the scenario's sides and objectives and the members
 * of the crews that would play, or null when one of them is unknown (then only syntax is checked).
 */
function subjectOf(ctx: CrossContext, scenarioId: string, crews: unknown): GateSubject | null {
  const scenario = ctx.model.scenarios.get(scenarioId);
  if (!scenario) return null;
  const sides = asArr(scenario.sides).map(asObj);
  const given = asArr(crews);
  const crewIds = sides.map((s, i) => asStr(given[i]) ?? asStr(s.crew));
  if (sides.length !== 2 || crewIds.some((c) => c === null || !ctx.has(`crew:${c}`))) return null;
  return {
    sides: sides.map((s, i) => ({ side: asStr(s.id) ?? '', crew: crewIds[i]! })),
    objectives: asArr(scenario.objectives).map((o) => ({ id: asStr(asObj(o).id) ?? '' })),
    members: sides.flatMap((s, i) =>
      asArr(ctx.model.crews.get(crewIds[i]!)?.members).map((m) => ({ side: asStr(s.id) ?? '', crew: crewIds[i]!, member: asStr(asObj(m).id) ?? '' })),
    ),
  };
}

/**
 * Checks the `checks:` of the workspace manifest: scenario, crews and ruleset exist, and every
 * assertion parses and names a metric, side, objective and member of that battle
 * (`check-assertion`), so `mortisphere check` never starts a run that cannot be judged.
 */
export function checkBalanceChecks(ctx: CrossContext, data: Record<string, unknown>): void {
  asArr(data.checks).forEach((raw, i) => {
    const check = asObj(raw);
    const at = ['checks', i];
    const label = `check #${i + 1}${asStr(check.name) ? ` ('${asStr(check.name)}')` : ''}`;
    const scenario = asStr(check.scenario);
    const scenarioOk = scenario !== null && checkRef(ctx, label, 'scenario', scenario, [...at, 'scenario']);
    const crewsOk = asArr(check.crews).map((c, j) => checkRef(ctx, label, 'crew', c, [...at, 'crews', j])).every(Boolean);
    if (check.ruleset !== undefined) checkRef(ctx, label, 'ruleset', check.ruleset, [...at, 'ruleset'], ['core']);
    const subject = scenarioOk && crewsOk ? subjectOf(ctx, scenario!, check.crews) : null;
    asArr(check.assertions).forEach((a, j) => {
      const text = asStr(a);
      if (text === null) return;
      const gates = prepareGates([text], subject ?? { sides: [], objectives: [], members: [] });
      if (gates.ok) return;
      // Without a known battle only the grammar can be judged; unknown names are left to the run.
      if (subject === null && gates.error.code !== 'assert/syntax') return;
      ctx.report([...at, 'assertions', j], 'error', 'check-assertion', `${label}: ${gates.error.message}`);
    });
  });
}
