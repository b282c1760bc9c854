/**
 * Types of every document kind of a Mortisphere workspace (DESIGN.md, "Workspace format").
 * These hand-written types are the ones the code uses; `generated.ts` is produced from
 * `schemas/` by `npm run gen:types`, and `tests/unit/shared/model/drift.test.ts` fails
 * when the two disagree.
 */

import type { AftermathOutcome, RulesetDoc } from './ruleset-types';

// The ruleset's types live in ruleset-types.ts; every document type is importable from here.
export type { AftermathOutcome, AftermathRow, RulesetDoc, RulesetKnobs, RulesetOverrides } from './ruleset-types';

/** The six Existence Dice (R1.1). */
export type DieName = 'd4' | 'd6' | 'd8' | 'd10' | 'd12' | 'd20';

/** Built-in member types; a homebrew `crewType` id may be used instead. */
export type BuiltinType =
  | 'survivor'
  | 'mycelian'
  | 'machine'
  | 'mutant'
  | 'remnant'
  | 'creature'
  | 'construct';

/** Conditions under which an effect applies (R11); all given keys must hold. */
export interface When {
  role?: 'attacker' | 'defender';
  opponentType?: string;
  opponentDieAtLeast?: DieName;
  area?: string;
  healthAtMost?: number;
  inSwarm?: boolean;
  roundAtLeast?: number;
  vsSwarm?: boolean;
}

/** One effect of the closed vocabulary of R11, with an optional `when`. */
export type Effect = { when?: When } & (
  | { rollModifier: number }
  | { damage: number }
  | { armor: number }
  | { reroll: 'once' }
  | { keepHighest: DieName }
  | { dieOverride: DieName }
  | { blast: true }
  | { extraActions: number }
  | { firstStrike: true }
  | { regenerate: number }
  | { progressBonus: number }
  | { swarm: 'never' | 'always' }
  | { initiative: number }
);

/** The effect keys of R11, in the order the docs list them. */
export const EFFECT_KEYS = [
  'rollModifier',
  'damage',
  'armor',
  'reroll',
  'keepHighest',
  'dieOverride',
  'blast',
  'extraActions',
  'firstStrike',
  'regenerate',
  'progressBonus',
  'swarm',
  'initiative',
] as const;
export type EffectKey = (typeof EFFECT_KEYS)[number];

/** An inline special rule: a named list of effects. */
export interface SpecialRule {
  name: string;
  text?: string;
  effects: Effect[];
}

export type HistoryKind =
  | 'victory'
  | 'defeat'
  | 'injury'
  | 'death'
  | 'discovery'
  | 'equipmentGained'
  | 'enemyDefeated'
  | 'failure'
  | 'note'
  | 'advancement';

/** A campaign history entry of a member (R10.2). */
export interface HistoryEntry {
  kind: HistoryKind;
  scenario?: string;
  date?: string;
  text?: string;
  /** Injury: max Health before and after (R10.1). */
  health?: { from: number; to: number };
  /** Advancement: die before and after the step (R10.3). */
  die?: { from: DieName; to: DieName };
}

/** A member's campaign status: a dead member is never fielded again (R10.1). */
export type MemberStatus = 'active' | 'dead';

export interface Member {
  id: string;
  name: string;
  type: string;
  die: DieName;
  health: number;
  captain?: boolean;
  status?: MemberStatus;
  abilities?: string[];
  equipment?: string[];
  rules?: SpecialRule[];
  history?: HistoryEntry[];
  text?: string;
}

export interface CrewDoc {
  kind: 'crew';
  schemaVersion: number;
  id: string;
  name: string;
  npc?: boolean;
  text?: string;
  members: Member[];
}

export interface CrewTypeDoc {
  kind: 'crewType';
  schemaVersion: number;
  id: string;
  name: string;
  base: BuiltinType;
  dice: DieName[];
  health: { min: number; max: number };
  abilities?: string[];
  equipmentTags?: string[];
  maxPerCrew?: number;
  text?: string;
}

export interface Ability {
  id: string;
  name: string;
  text?: string;
  cost?: number;
  tags?: string[];
  effects: Effect[];
}

export interface AbilitiesDoc {
  kind: 'abilities';
  schemaVersion: number;
  name?: string;
  abilities: Ability[];
}

export interface EquipmentItem {
  id: string;
  name: string;
  text?: string;
  cost?: number;
  tags?: string[];
  ranged?: boolean;
  effects?: Effect[];
}

export interface EquipmentDoc {
  kind: 'equipment';
  schemaVersion: number;
  name?: string;
  items: EquipmentItem[];
}

export interface Area {
  id: string;
  name: string;
  tags?: string[];
  text?: string;
  links?: string[];
  rules?: SpecialRule[];
  /** Where the map draws the Area: its centre in canvas units (x right, y down, ~0–1000). Ignored by the engine. */
  layout?: AreaLayout;
}

/** A layout hint: the centre of an Area on the scenario map, in canvas units. */
export interface AreaLayout {
  x: number;
  y: number;
}

export interface Side {
  id: string;
  name: string;
  deploy: string;
  crew?: string;
  deployMembers?: Record<string, string>;
}

interface ObjectiveBase {
  id: string;
  name: string;
  area: string;
  points?: number;
  text?: string;
  /** Only this side may score it; default: either side. */
  side?: string;
}

export interface InteractObjective extends ObjectiveBase {
  kind: 'interact';
  progress?: number;
  repeatable?: boolean;
  whenContested?: 'allowed' | 'blocked' | 'roll';
  difficulty?: number;
  resetOnDamage?: boolean;
}
export interface ReachObjective extends ObjectiveBase {
  kind: 'reach';
  once?: boolean;
}
export interface ControlObjective extends ObjectiveBase {
  kind: 'control';
  by?: 'count' | 'value';
}
export interface EliminateObjective extends ObjectiveBase {
  kind: 'eliminate';
  member?: string;
  any?: boolean;
}
export interface ProtectObjective extends ObjectiveBase {
  kind: 'protect';
  member: string;
}
export interface SurviveObjective extends ObjectiveBase {
  kind: 'survive';
  count?: number;
}
export type Objective =
  | InteractObjective
  | ReachObjective
  | ControlObjective
  | EliminateObjective
  | ProtectObjective
  | SurviveObjective;
export type ObjectiveKind = Objective['kind'];

export interface ScenarioDoc {
  kind: 'scenario';
  schemaVersion: number;
  id: string;
  name: string;
  text?: string;
  rounds?: number;
  areas: Area[];
  sides: Side[];
  objectives?: Objective[];
  scoring?: { perEnemyIncapacitated?: number };
  crewValueLimit?: number | null;
  endWhen?: { allObjectivesDone?: boolean; points?: number | null };
  ruleset?: string | null;
}

/** One aftermath roll in a campaign's ledger (R10.1). */
export interface CampaignAftermath {
  /** `crew-id/member-id`. */
  member: string;
  roll: number;
  outcome: AftermathOutcome;
  /** The enemy that incapacitated it, `crew-id/member-id`. */
  by?: string;
}

export interface CampaignBattle {
  scenario: string;
  date: string;
  /** Absent for a battle played at the table. */
  seed?: number;
  sides: Record<string, string>;
  winner: string | null;
  points: Record<string, number>;
  ruleset?: string;
  aftermath?: CampaignAftermath[];
  /** Members that fled (`crew-id/member-id`). */
  fled?: string[];
  /** Bots that played each side from the seed (side id → bot name). */
  ai?: Record<string, string>;
  text?: string;
}

export interface CampaignDoc {
  kind: 'campaign';
  schemaVersion: number;
  id: string;
  name: string;
  text?: string;
  crews: string[];
  scenarios: string[];
  battles?: CampaignBattle[];
}

/** A balance gate of `mortisphere.yaml` (`checks:`), run by `mortisphere check`. */
export interface BalanceCheck {
  name?: string;
  scenario: string;
  crews?: string[];
  bots?: string[];
  ruleset?: string;
  runs?: number;
  seed?: number;
  assertions: string[];
}

export interface WorkspaceDoc {
  kind: 'workspace';
  schemaVersion: number;
  name: string;
  ruleset?: string;
  text?: string;
  checks?: BalanceCheck[];
}

export type AnyDoc =
  | WorkspaceDoc
  | CrewDoc
  | CrewTypeDoc
  | AbilitiesDoc
  | EquipmentDoc
  | ScenarioDoc
  | RulesetDoc
  | CampaignDoc;
export type DocKind = AnyDoc['kind'];

export const DOC_KINDS: readonly DocKind[] = [
  'workspace',
  'crew',
  'crewType',
  'abilities',
  'equipment',
  'scenario',
  'ruleset',
  'campaign',
];

export const DICE: readonly DieName[] = ['d4', 'd6', 'd8', 'd10', 'd12', 'd20'];
export const BUILTIN_TYPES: readonly BuiltinType[] = [
  'survivor',
  'mycelian',
  'machine',
  'mutant',
  'remnant',
  'creature',
  'construct',
];
/** The schemaVersion this app writes for every kind but the workspace file (see CURRENT_SCHEMA_VERSION). */
export const SCHEMA_VERSION = 1;

/**
 * The current `schemaVersion` of each kind. The workspace file is at 2 (it added `checks`); a
 * version-1 file is read as 2 in memory (src/shared/validation/migrations.ts).
 */
export const CURRENT_SCHEMA_VERSION: Readonly<Record<DocKind, number>> = {
  workspace: 2,
  crew: SCHEMA_VERSION,
  crewType: SCHEMA_VERSION,
  abilities: SCHEMA_VERSION,
  equipment: SCHEMA_VERSION,
  scenario: SCHEMA_VERSION,
  ruleset: SCHEMA_VERSION,
  campaign: SCHEMA_VERSION,
};
