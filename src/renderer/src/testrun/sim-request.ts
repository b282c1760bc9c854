/**
 * Building simulation requests from the panel's setup (issue 5, "Simulate" and "Compare").
 * Pure: the documents are passed in, so unsaved edits are simulated as they are.
 */
import type { DocumentTexts, SimulationRequest } from '../../../shared/api';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { effectiveCrews } from './setup-choice';
import type { Player, SetupChoice } from './setup-choice';

/** The bot that stands in for "me" in a batch (a person cannot play 2,000 battles). */
export const ME_IN_BATCH = 'greedy';

/** Bot names of both sides for a batch: "me" becomes {@link ME_IN_BATCH}. */
export const batchPolicies = (players: readonly [Player, Player]): [string, string] => [
  players[0] === 'me' ? ME_IN_BATCH : players[0],
  players[1] === 'me' ? ME_IN_BATCH : players[1],
];

/** How many runs: a fixed number, or until the 95% interval half-width is below `halfWidth`. */
export type RunPlan =
  { mode: 'runs'; runs: number } | { mode: 'interval'; halfWidth: number; maxRuns: number };

/** The request of `choice` under `plan` (crews given only when both sides have one). */
export function simulationRequest(
  model: WorkspaceModel,
  documents: DocumentTexts,
  choice: SetupChoice,
  plan: RunPlan,
): SimulationRequest {
  const crews = effectiveCrews(model, choice);
  const req: SimulationRequest = {
    documents,
    scenario: choice.scenario,
    policies: batchPolicies(choice.players),
    seed: choice.seed >>> 0,
  };
  if (crews[0] !== '' && crews[1] !== '') req.crews = crews;
  if (choice.ruleset !== '') req.ruleset = choice.ruleset;
  if (plan.mode === 'runs') req.runs = Math.max(1, Math.floor(plan.runs));
  else {
    req.untilHalfWidth = plan.halfWidth;
    req.maxRuns = Math.max(1, Math.floor(plan.maxRuns));
  }
  return req;
}

/**
 * Display names of the scenario's sides, objectives and Areas by id, and of each side's members
 * as `member:<side id>:<member id>` (from the crews `choice` fields, or the scenario's defaults).
 */
export function namesOf(model: WorkspaceModel | null, choice: SetupChoice): Record<string, string> {
  const out: Record<string, string> = {};
  const sc = model?.scenarios.get(choice.scenario);
  for (const s of sc?.sides ?? []) out[s.id] = s.name;
  for (const o of sc?.objectives ?? []) out[o.id] = o.name;
  for (const a of sc?.areas ?? []) out[a.id] = a.name;
  if (model && sc) {
    const crews = effectiveCrews(model, choice);
    (sc.sides ?? []).slice(0, 2).forEach((side, i) => {
      for (const m of model.crews.get(crews[i]!)?.members ?? []) out[`member:${side.id}:${m.id}`] = m.name;
    });
  }
  return out;
}
