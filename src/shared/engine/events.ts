/**
 * The battle event log: a typed union, each event carrying enough to render a readable
 * line (`describeEvent`). Members are referenced by key (`a:warden-7`), sides by side id.
 */
import type { AttackDecl, EndReason, MemberKey, Order, OrderTrigger } from './types';

/** Names of the phases of a phased round (R12), in order: `first` is round 1's start of combat. */
export const PHASE_NAMES = ['first', 'ranged', 'clash', 'interact', 'move', 'haste'] as const;
/** One phase of a phased round. */
export type PhaseName = (typeof PHASE_NAMES)[number];

/** Why a die was rolled. */
export type RollPurpose = 'clash' | 'reroll' | 'interact' | 'retreat' | 'morale' | 'startOfCombat';

/** One die roll (R1.4, R1.5, R11 rollModifier). */
export interface DieRoll {
  member: MemberKey;
  /** Die name rolled (after dieOverride / keepHighest). */
  die: string;
  raw: number;
  /** Max roll applied (R1.4, R7.2). */
  cap: number;
  modifiers: number;
  final: number;
  purpose: RollPurpose;
  /** False for the discarded die of a keepHighest pair or a replaced roll. */
  kept: boolean;
}

/** Every event of a battle. */
export type BattleEvent =
  | { type: 'roundStarted'; round: number }
  | {
      type: 'initiative';
      round: number;
      side: string;
      /** Crew values compared (R2.2), by side id. */
      values: Record<string, number>;
      how: 'lowerValue' | 'rolloff' | 'alternate';
      /** Roll-off results, one [first side, second side] per attempt. */
      rolloff?: [number, number][];
    }
  | { type: 'startOfCombat'; members: MemberKey[] }
  | { type: 'regenerated'; member: MemberKey; amount: number; health: number }
  | { type: 'clashDeclared'; side: string; attacks: AttackDecl[]; swarms: MemberKey[][] }
  | {
      type: 'responses';
      side: string;
      responses: Record<MemberKey, 'defend' | 'absorb'>;
      interceptors: Record<MemberKey, MemberKey>;
    }
  | ({ type: 'dieRolled' } & DieRoll)
  | {
      type: 'groupRolled';
      mode: 'swarm' | 'group';
      members: MemberKey[];
      best: number;
      bonus: number;
      final: number;
    }
  | {
      type: 'pairResolved';
      attackers: MemberKey[];
      target: MemberKey;
      /** Member that rolled against the attackers, or null when absorbed. */
      defender: MemberKey | null;
      attackerResult: number;
      defenderResult: number | null;
      outcome: 'attacker' | 'defender' | 'standoff' | 'both' | 'miss' | 'skipped';
    }
  | { type: 'damage'; member: MemberKey; amount: number; armor: number; health: number; from: MemberKey | null }
  | { type: 'lastStand'; member: MemberKey }
  | { type: 'lastStandLoss'; member: MemberKey; losses: number; limit: number }
  | { type: 'incapacitated'; member: MemberKey }
  | { type: 'swarmLoss'; member: MemberKey; how: 'chosen' | 'highestRoll' | 'random' }
  | { type: 'moved'; member: MemberKey; from: string; to: string }
  | { type: 'retreatFailed'; member: MemberKey; roll: number; target: number }
  | { type: 'held'; member: MemberKey }
  | {
      type: 'interacted';
      member: MemberKey;
      objective: string;
      progress: number;
      required: number;
      /** False when a `whenContested: roll` roll failed. */
      success: boolean;
    }
  | { type: 'progressReset'; objective: string; side: string; member: MemberKey }
  | {
      type: 'scored';
      side: string;
      points: number;
      /** Objective id, or null for `scoring.perEnemyIncapacitated`. */
      objective: string | null;
      total: number;
    }
  | { type: 'morale'; side: string; roller: MemberKey | null; roll: number; target: number; fled: boolean }
  | { type: 'fled'; member: MemberKey }
  | { type: 'ordersDeclared'; side: string; count: number }
  | {
      type: 'ordersRevealed';
      orders: Order[];
      /** Clash orders resolved together as one Clash, and the Swarms among them (absent when none). */
      groups?: MemberKey[][];
      swarms?: MemberKey[][];
    }
  | { type: 'orderDropped'; member: MemberKey; act: Order['act']; reason: string }
  /** A ready member its side left without an order holds (R12 phased: every ready member declares). */
  | { type: 'defaultHold'; member: MemberKey }
  | { type: 'phaseStarted'; round: number; phase: PhaseName }
  /** A held order fires: `by` is the enemy whose move or Clash set it off. */
  | { type: 'orderTriggered'; members: MemberKey[]; act: Order['act']; trigger: OrderTrigger; by: MemberKey }
  /** A member taken out earlier in this phase still carries out its order in it (seed 002). */
  | { type: 'fallenActs'; member: MemberKey; phase: PhaseName }
  | { type: 'roundEnded'; round: number; points: Record<string, number> }
  | {
      type: 'battleEnded';
      winner: string | null;
      points: Record<string, number>;
      rounds: number;
      reason: EndReason;
    };

/** The `type` of each event. */
export type BattleEventType = BattleEvent['type'];

/**
 * Where the rules write a decision's events: an array, or null when nobody reads them (the
 * simulation runner) — then no event object is built at all (`events?.push(…)`).
 */
export type EventLog = BattleEvent[] | null;
