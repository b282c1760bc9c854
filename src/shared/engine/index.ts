/**
 * The Mortisphere rules engine (RULES.md R1–R12): a pure, deterministic reducer.
 * `buildSetup` → `createBattle` → (`legalActions` / `applyAction`)* → `result`.
 */
export type {
  Action,
  AttackDecl,
  BattleResult,
  BattleSetup,
  BattleState,
  CreateOptions,
  Decision,
  DiceSource,
  HoldPhase,
  OrderTrigger,
  PhasedStep,
  EndReason,
  MemberKey,
  Order,
  PendingClash,
  PendingPair,
  PhasedRound,
  SetupArea,
  SetupMember,
  SetupSide,
  SideIndex,
  SourcedEffect,
} from './types';
export type { BattleEvent, BattleEventType, DieRoll, PhaseName, RollPurpose } from './events';
export { PHASE_NAMES } from './events';
/** The battle log type; its reader and writer live in `./battle-log` (imported directly). */
export type { BattleLog } from './battle-log';
export { buildSetup, type BuildOptions } from './setup';
export { resolveRuleset } from './ruleset';
export { createBattle } from './battle';
export { applyAction } from './apply';
export { legalActions, isLegal, checkAction } from './legal';
export { currentDecision, result, memberIndex, memberOf, sideIndexOf } from './queries';
export { describeEvent, orderText } from './describe';
export { replayBattle } from './replay';
export { createRng, nextUint32, rollWith } from './prng';
export { maxRoll } from './rolls';
export { rollAftermath, aftermathHistory, aftermathOutcome, aftermathSides, injuredHealth, nextDie, advancementSteps, advancementsAvailable, type AftermathEntry } from './aftermath';
export { FLAG } from './types';
export { CLASH_ASSIGNMENT_CAP, RESPONSE_SUBSET_LIMIT } from './legal';
export { crewValue } from './round';
