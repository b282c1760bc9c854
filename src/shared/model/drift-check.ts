/**
 * Type-level drift check: every type generated from `schemas/` (generated.ts, which re-exports schema-types/) and its
 * hand-written twin in types.ts (the ruleset's in ruleset-types.ts, re-exported there) must be
 * mutually assignable, so `npm run typecheck` fails as soon as a schema and a type disagree.
 * Nothing here runs; it only has to compile.
 */
import type * as G from './generated';
import type * as T from './types';

/** `true` exactly when A and B are mutually assignable (non-distributive). */
export type Eq<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** One entry per schema-described type; each must be `true`. */
export const DRIFT_CHECKS: {
  dieName: Eq<G.DieName, T.DieName>;
  builtinType: Eq<G.BuiltinType, T.BuiltinType>;
  when: Eq<G.When, T.When>;
  effect: Eq<G.Effect, T.Effect>;
  specialRule: Eq<G.SpecialRule, T.SpecialRule>;
  historyEntry: Eq<G.HistoryEntry, T.HistoryEntry>;
  aftermathOutcome: Eq<G.AftermathOutcome, T.AftermathOutcome>;
  member: Eq<G.Member, T.Member>;
  crew: Eq<G.CrewDoc, T.CrewDoc>;
  crewType: Eq<G.CrewTypeDoc, T.CrewTypeDoc>;
  ability: Eq<G.Ability, T.Ability>;
  abilities: Eq<G.AbilitiesDoc, T.AbilitiesDoc>;
  equipmentItem: Eq<G.EquipmentItem, T.EquipmentItem>;
  equipment: Eq<G.EquipmentDoc, T.EquipmentDoc>;
  area: Eq<G.Area, T.Area>;
  side: Eq<G.Side, T.Side>;
  interactObjective: Eq<G.InteractObjective, T.InteractObjective>;
  reachObjective: Eq<G.ReachObjective, T.ReachObjective>;
  controlObjective: Eq<G.ControlObjective, T.ControlObjective>;
  eliminateObjective: Eq<G.EliminateObjective, T.EliminateObjective>;
  protectObjective: Eq<G.ProtectObjective, T.ProtectObjective>;
  surviveObjective: Eq<G.SurviveObjective, T.SurviveObjective>;
  objective: Eq<G.Objective, T.Objective>;
  scenario: Eq<G.ScenarioDoc, T.ScenarioDoc>;
  ruleset: Eq<G.RulesetDoc, T.RulesetDoc>;
  rulesetKnobs: Eq<Required<Omit<G.RulesetDoc, 'kind' | 'schemaVersion' | 'id' | 'name' | 'text' | 'extends'>>, Required<T.RulesetOverrides>>;
  campaignBattle: Eq<G.CampaignBattle, T.CampaignBattle>;
  campaign: Eq<G.CampaignDoc, T.CampaignDoc>;
  workspace: Eq<G.WorkspaceDoc, T.WorkspaceDoc>;
  anyDoc: Eq<G.AnyDoc, T.AnyDoc>;
} = {
  dieName: true,
  builtinType: true,
  when: true,
  effect: true,
  specialRule: true,
  historyEntry: true,
  aftermathOutcome: true,
  member: true,
  crew: true,
  crewType: true,
  ability: true,
  abilities: true,
  equipmentItem: true,
  equipment: true,
  area: true,
  side: true,
  interactObjective: true,
  reachObjective: true,
  controlObjective: true,
  eliminateObjective: true,
  protectObjective: true,
  surviveObjective: true,
  objective: true,
  scenario: true,
  ruleset: true,
  rulesetKnobs: true,
  campaignBattle: true,
  campaign: true,
  workspace: true,
  anyDoc: true,
};
