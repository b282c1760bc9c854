import type {
  Ability,
  CampaignDoc,
  CrewDoc,
  CrewTypeDoc,
  EquipmentItem,
  RulesetDoc,
  ScenarioDoc,
  WorkspaceDoc,
} from './types';

/**
 * The documents of one workspace, indexed by id, after parsing and migration.
 * Built by the validator (`src/shared/validation`) and read by the engine's setup builder.
 * Documents with YAML syntax errors are absent; documents with schema errors are present
 * only if their `kind` and `id` could be read (the engine refuses a setup with errors anyway).
 */
export interface WorkspaceModel {
  /** The manifest `mortisphere.yaml`, if present. */
  workspace: WorkspaceDoc | null;
  crews: Map<string, CrewDoc>;
  crewTypes: Map<string, CrewTypeDoc>;
  /** Abilities of every `abilities` library, by ability id. */
  abilities: Map<string, Ability>;
  /** Items of every `equipment` library, by item id. */
  equipment: Map<string, EquipmentItem>;
  scenarios: Map<string, ScenarioDoc>;
  rulesets: Map<string, RulesetDoc>;
  campaigns: Map<string, CampaignDoc>;
  /** Relative path of the file that defines each `kind:id` (e.g. `crew:iron-choir`). */
  pathOf: Map<string, string>;
}

/** An empty model, to build on. */
export const emptyWorkspaceModel = (): WorkspaceModel => ({
  workspace: null,
  crews: new Map(),
  crewTypes: new Map(),
  abilities: new Map(),
  equipment: new Map(),
  scenarios: new Map(),
  rulesets: new Map(),
  campaigns: new Map(),
  pathOf: new Map(),
});
