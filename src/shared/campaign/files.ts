/** The files a campaign depends on: what must be free of errors before it is recorded into or forecast. */
import type { CampaignDoc } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';

/**
 * Paths of the manifest, the campaign, its crews (with their homebrew types and the libraries they
 * use), its planned and played scenarios, the crews of its battles and every ruleset. Sorted.
 */
export function campaignFiles(model: WorkspaceModel, campaign: CampaignDoc): string[] {
  const files = new Set<string>(['mortisphere.yaml']);
  const add = (key: string): void => {
    const p = model.pathOf.get(key);
    if (p !== undefined) files.add(p);
  };
  add(`campaign:${campaign.id}`);
  const crews = new Set(campaign.crews ?? []);
  for (const b of campaign.battles ?? []) for (const c of Object.values(b?.sides ?? {})) crews.add(c);
  for (const id of crews) {
    add(`crew:${id}`);
    for (const m of model.crews.get(id)?.members ?? []) {
      add(`crewType:${m.type}`);
      for (const a of [...(m.abilities ?? []), ...(model.crewTypes.get(m.type)?.abilities ?? [])]) add(`ability:${a}`);
      for (const e of m.equipment ?? []) add(`equipment:${e}`);
    }
  }
  for (const s of [...(campaign.scenarios ?? []), ...(campaign.battles ?? []).map((b) => b?.scenario)]) add(`scenario:${s}`);
  for (const id of model.rulesets.keys()) add(`ruleset:${id}`);
  return [...files].sort();
}
