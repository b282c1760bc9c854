import { describe, expect, it } from 'vitest';
import { crewsBefore, rebuildCrews, recordFromBattle, withCrews } from '../../../src/shared/campaign';
import { buildSetup } from '../../../src/shared/engine';
import { getPolicies } from '../../../src/shared/engine/bots';
import { playBattle } from '../../../src/shared/engine/sim/runner';
import { playBotSeed } from '../../../src/shared/engine/sim/seed';
import type { CampaignBattle } from '../../../src/shared/model/types';
import { validateFiles } from '../../../src/shared/validation';
import { EXAMPLE_DIR, readWorkspaceFiles } from './workspace-files';

const { model, diagnostics } = validateFiles(readWorkspaceFiles(EXAMPLE_DIR));
const campaign = model.campaigns.get('ashen-reach')!;
const battles = campaign.battles ?? [];

/** Plays a recorded battle again as `mortisphere play SCENARIO --crews A,B --ai P,P --seed S` does, with the crews as they stood. */
function replay(index: number, b: CampaignBattle): CampaignBattle {
  const before = crewsBefore(model, campaign, index);
  expect(before.notes).toEqual([]);
  const setup = buildSetup(withCrews(model, before.crews), { scenario: b.scenario, crews: [b.sides.a!, b.sides.b!], ruleset: b.ruleset });
  if (!setup.ok) throw new Error(setup.error.message);
  const bots = getPolicies([b.ai!.a!, b.ai!.b!]);
  if (!bots.ok) throw new Error(bots.error.message);
  const played = playBattle(setup.value, bots.value, b.seed!, playBotSeed(b.seed!), true);
  if (!played.ok) throw new Error(played.error.message);
  return recordFromBattle(played.value.state, played.value.events, { date: b.date, text: b.text, ai: [b.ai!.a!, b.ai!.b!] });
}

// Pinned golden replays of the example campaign (STYLE.md "Tests"). If an engine or bot change
// moves them, record the battles again (resources: `mortisphere campaign record --log`) and say so.
describe('example campaign: the ledger and the crews agree and replay', () => {
  it('validates clean (ledger checks included)', () => {
    expect(diagnostics).toEqual([]);
  });

  it.each(battles.map((b, i) => [b.scenario, i, b] as const))('R10.1 %s (battle #%i) replays with its bots and seed, aftermath included', (_name, index, b) => {
    expect(replay(index, b)).toEqual(b);
  });

  it('R10.2 rebuilding the crews from the campaign start through the ledger gives the crew files', () => {
    const start = crewsBefore(model, campaign, 0);
    expect(start.notes).toEqual([]);
    const rebuilt = rebuildCrews(model, campaign, start.crews);
    for (const id of campaign.crews) expect(rebuilt.get(id), id).toEqual(model.crews.get(id));
  });
});
