/**
 * The Mortisphere rules engine (RULES.md R1–R12): a pure, deterministic reducer.
 * `buildSetup` → `createBattle` → (`legalActions` / `applyAction`)* → `result`.
 */
export type {
  Action,
  AttackDecl,
  BattleLog,
  BattleResult,
  BattleSetup,
  BattleState,
  CreateOptions,
  Decision,
  DiceSource,
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
export type { BattleEvent, BattleEventType, DieRoll, RollPurpose } from './events';
export { buildSetup, type BuildOptions } from './setup';
export { resolveRuleset } from './ruleset';
export { createBattle } from './battle';
export { applyAction } from './apply';
export { legalActions, isLegal, checkAction } from './legal';
export { currentDecision, result, memberIndex, memberOf, sideIndexOf } from './queries';
export { describeEvent } from './describe';
export { replayBattle } from './replay';
export { createRng, nextUint32, rollWith } from './prng';
export { maxRoll } from './rolls';
export { rollAftermath, aftermathHistory, aftermathOutcome, aftermathSides, injuredHealth, nextDie, advancementSteps, advancementsAvailable, type AftermathEntry } from './aftermath';
export { FLAG } from './types';
export { CLASH_ASSIGNMENT_CAP, RESPONSE_SUBSET_LIMIT } from './legal';
export { crewValue } from './round';
