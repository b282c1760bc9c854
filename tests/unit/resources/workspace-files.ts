import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type {
  AbilitiesDoc,
  AnyDoc,
  CampaignDoc,
  CrewDoc,
  CrewTypeDoc,
  Effect,
  EquipmentDoc,
  RulesetDoc,
  ScenarioDoc,
  WorkspaceDoc,
} from '../../../src/shared/model/types';

/** Absolute path of the repository's `resources/` folder. */
export const RESOURCES = fileURLToPath(new URL('../../../resources/', import.meta.url));
/** The example workspace every later feature defaults to. */
export const EXAMPLE_DIR = join(RESOURCES, 'examples', 'ashen-reach');
/** The starter workspace that `mortisphere new` copies. */
export const TEMPLATE_WORKSPACE_DIR = join(RESOURCES, 'templates', 'workspace');
/** The per-kind templates offered by the editor's "New document" command. */
export const KIND_TEMPLATES = [
  'crew.yaml',
  'crewType.yaml',
  'abilities.yaml',
  'equipment.yaml',
  'scenario.yaml',
  'ruleset.yaml',
  'campaign.yaml',
] as const;

/** One workspace file: its path relative to the workspace root (forward slashes) and its text. */
export interface WorkspaceFile {
  path: string;
  text: string;
}

/** Every `*.yaml` / `*.yml` file below `root`, sorted by relative path. */
export function readWorkspaceFiles(root: string): WorkspaceFile[] {
  const out: WorkspaceFile[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(name)) {
        out.push({ path: relative(root, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return out;
}

/** The parsed documents of a workspace, grouped by kind (plain YAML parse, no validation). */
export interface ParsedWorkspace {
  workspace: WorkspaceDoc[];
  crews: CrewDoc[];
  crewTypes: CrewTypeDoc[];
  abilities: AbilitiesDoc[];
  equipment: EquipmentDoc[];
  scenarios: ScenarioDoc[];
  rulesets: RulesetDoc[];
  campaigns: CampaignDoc[];
}

/** Parses every file and groups the documents by `kind`; throws on a kind it does not know. */
export function parseWorkspace(files: readonly WorkspaceFile[]): ParsedWorkspace {
  const ws: ParsedWorkspace = {
    workspace: [], crews: [], crewTypes: [], abilities: [], equipment: [], scenarios: [], rulesets: [], campaigns: [],
  };
  for (const f of files) {
    const doc = parse(f.text) as AnyDoc;
    switch (doc.kind) {
      case 'workspace': ws.workspace.push(doc); break;
      case 'crew': ws.crews.push(doc); break;
      case 'crewType': ws.crewTypes.push(doc); break;
      case 'abilities': ws.abilities.push(doc); break;
      case 'equipment': ws.equipment.push(doc); break;
      case 'scenario': ws.scenarios.push(doc); break;
      case 'ruleset': ws.rulesets.push(doc); break;
      case 'campaign': ws.campaigns.push(doc); break;
      default: throw new Error(`${f.path}: unexpected kind ${String((doc as { kind?: unknown }).kind)}`);
    }
  }
  return ws;
}

/** Every effect written anywhere in the workspace: abilities, items, member and Area rules. */
export function allEffects(ws: ParsedWorkspace): Effect[] {
  const effects: Effect[] = [];
  for (const lib of ws.abilities) for (const a of lib.abilities) effects.push(...a.effects);
  for (const lib of ws.equipment) for (const i of lib.items) effects.push(...(i.effects ?? []));
  for (const crew of ws.crews) {
    for (const m of crew.members) for (const r of m.rules ?? []) effects.push(...r.effects);
  }
  for (const s of ws.scenarios) for (const a of s.areas) for (const r of a.rules ?? []) effects.push(...r.effects);
  return effects;
}

const DIE_VALUE: Record<string, number> = { d4: 4, d6: 6, d8: 8, d10: 10, d12: 12, d20: 20 };

/** Crew value per R1.1/R1.2: sum of die values plus the `cost` of each member's equipment. */
export function crewValue(crew: CrewDoc, ws: ParsedWorkspace): number {
  const cost = new Map<string, number>();
  for (const lib of ws.equipment) for (const i of lib.items) cost.set(i.id, i.cost ?? 0);
  return crew.members.reduce(
    (sum, m) => sum + DIE_VALUE[m.die] + (m.equipment ?? []).reduce((s, id) => s + (cost.get(id) ?? 0), 0),
    0,
  );
}
