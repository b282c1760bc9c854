import { describe, expect, it } from 'vitest';
import { buildSetup, rollAftermath } from '../../../src/shared/engine';
import { getPolicies } from '../../../src/shared/engine/bots';
import { playBattle } from '../../../src/shared/engine/sim/runner';
import { playBotSeed } from '../../../src/shared/engine/sim/seed';
import type { CampaignBattle, CrewDoc } from '../../../src/shared/model/types';
import type { WorkspaceModel } from '../../../src/shared/model/workspace';
import { validateFiles } from '../../../src/shared/validation';
import { EXAMPLE_DIR, readWorkspaceFiles } from './workspace-files';

const model = validateFiles(readWorkspaceFiles(EXAMPLE_DIR)).model;
const campaign = [...model.campaigns.values()][0];
const battles = campaign.battles ?? [];

/**
 * The workspace as it stood before battle `index`: every lasting injury recorded in that battle
 * or a later one is undone (max Health + 1), since the crew files hold the state after them all.
 */
function before(index: number): WorkspaceModel {
  const crews = new Map<string, CrewDoc>();
  for (const [id, crew] of model.crews) crews.set(id, { ...crew, members: crew.members.map((m) => ({ ...m })) });
  for (const b of battles.slice(index)) {
    for (const a of b.aftermath ?? []) {
      if (a.outcome !== 'injury') continue;
      const [crewId, memberId] = a.member.split('/');
      const member = crews.get(crewId)?.members.find((m) => m.id === memberId);
      if (member) member.health += 1;
    }
  }
  return { ...model, crews };
}

/** Plays a recorded battle again as `mortisphere play SCENARIO --ai greedy,greedy --seed S` does. */
function replay(index: number, b: CampaignBattle) {
  const setup = buildSetup(before(index), { scenario: b.scenario, crews: [b.sides.a, b.sides.b], ruleset: b.ruleset });
  if (!setup.ok) throw new Error(setup.error.message);
  const bots = getPolicies(['greedy', 'greedy']);
  if (!bots.ok) throw new Error(bots.error.message);
  const played = playBattle(setup.value, bots.value, b.seed, playBotSeed(b.seed));
  if (!played.ok) throw new Error(played.error.message);
  return { result: played.value.state.result, aftermath: rollAftermath(played.value.state) };
}

// Pinned golden replays of the example campaign (STYLE.md "Tests"). If an engine or bot change
// moves them, re-record the battles (winner, points, aftermath, member history) and say so.
describe('example campaign battles replay with greedy bots and their seeds', () => {
  it.each(battles.map((b, i) => [b.scenario, i, b] as const))('%s (battle #%i)', (_name, index, b) => {
    const { result, aftermath } = replay(index, b);
    expect(result?.winner).toBe(b.winner);
    expect(result?.points).toEqual(b.points);
    expect(aftermath.map((a) => ({ member: a.member, roll: a.roll, outcome: a.outcome }))).toEqual(b.aftermath ?? []);
  });
});
