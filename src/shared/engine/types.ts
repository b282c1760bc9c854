/**
 * Public data types of the rules engine (RULES.md R1–R12): the battle setup, the battle
 * state, actions, decisions and results. Everything here is plain JSON-serialisable data,
 * except the optional test-only `DiceSource` carried by a state.
 */
import type { DieName, Effect, Objective, RulesetKnobs } from '../model/types';
import type { BattleEvent } from './events';

/** A member key, unique across one battle: `<sideId>:<memberId>` (e.g. `a:warden-7`). */
export type MemberKey = string;

/** One resolved effect with the name of what granted it (ability, item, rule, type, area). */
export interface SourcedEffect {
  effect: Effect;
  /** Human name of the source, e.g. "Steady Aim (ability)". */
  source: string;
}

/** One member as the engine sees it: profile resolved, effects flattened. */
export interface SetupMember {
  key: MemberKey;
  /** Id in its crew document (for display and for objective references). */
  id: string;
  name: string;
  /** Type as written (a built-in type or a crewType id). */
  type: string;
  /** Built-in base type (equal to `type` for built-in types). */
  baseType: string;
  die: DieName;
  /** Number of sides of `die`. */
  sides: number;
  maxHealth: number;
  captain: boolean;
  effects: SourcedEffect[];
  /** True when any of its equipment is `ranged` (used by the phased module). */
  ranged: boolean;
  /** True when any of its equipment is tagged `reach` (R12 `phased.longerWeaponFirst`); absent = false. */
  reach?: boolean;
  /** Recruit cost: die value + equipment costs (R1.1). */
  cost: number;
  /** Area id where it starts. */
  startArea: string;
}

/** One side of a battle. */
export interface SetupSide {
  /** Scenario side id (e.g. `a`). */
  id: string;
  name: string;
  crewId: string;
  crewName: string;
  npc: boolean;
  members: SetupMember[];
}

/** One Area of the scenario. */
export interface SetupArea {
  id: string;
  name: string;
  tags: string[];
  /** Allowed destinations, or null when any other Area may be reached (R8.2). */
  links: string[] | null;
  /** Effects that apply to members in this Area (R8.5). */
  effects: SourcedEffect[];
}

/**
 * A normalised, self-contained description of one battle: everything the engine needs,
 * nothing it must look up elsewhere. JSON-serialisable.
 */
export interface BattleSetup {
  scenarioId: string;
  scenarioName: string;
  /** Id of the ruleset the knobs were resolved from (`core` for the built-in one). */
  rulesetId: string;
  ruleset: RulesetKnobs;
  rounds: number;
  areas: SetupArea[];
  objectives: Objective[];
  scoring: { perEnemyIncapacitated: number };
  endWhen: { allObjectivesDone: boolean; points: number | null };
  sides: [SetupSide, SetupSide];
}

/** Side index: 0 is the scenario's first side, 1 its second. */
export type SideIndex = 0 | 1;

/** A test-only source of dice results; `roll(sides)` must return an integer in 1..sides. */
export interface DiceSource {
  roll(sides: number): number;
}

/** One attacker's declared target in a Clash. */
export interface AttackDecl {
  attacker: MemberKey;
  target: MemberKey;
}

/** A phase an order may be held to (R12 phased: "held until a later phase"). */
export type HoldPhase = 'clash' | 'interact' | 'move' | 'haste';

/**
 * What sets off a held order (R12 phased, seed 002: "If he moves, I'll shoot"): an enemy moving
 * into the member's Area, an enemy leaving it, or an enemy in it starting a Clash.
 */
export type OrderTrigger = 'enemyEnters' | 'enemyLeaves' | 'enemyClashes';

/** One declared order of the phased turn structure (R12 `turnStructure: phased`). */
export interface Order {
  member: MemberKey;
  act: 'clash' | 'move' | 'interact' | 'hold';
  /** Enemy to clash with (act `clash`). */
  target?: MemberKey;
  /** Destination Area id (act `move`). */
  to?: string;
  /** Objective id (act `interact`). */
  objective?: string;
  /**
   * Hold the order until this later phase (R12: "declared actions may be held to a later
   * phase"); it then resolves there, or is dropped if no longer possible. Never earlier than the
   * order's own phase; absent = its own phase.
   */
  holdUntil?: HoldPhase;
  /**
   * Hold the order until this happens (from its own phase on); it fires in the phase where it
   * happens, or lapses at the round end. Not together with `holdUntil`.
   */
  trigger?: OrderTrigger;
  /** With `trigger`: only this enemy sets it off (default: any enemy). */
  watch?: MemberKey;
}

/** A player's decision. `side` is the scenario side id. */
export type Action =
  | { type: 'clash'; side: string; attacks: AttackDecl[]; swarms?: MemberKey[][] }
  | {
      type: 'respond';
      side: string;
      responses: Record<MemberKey, 'defend' | 'absorb'>;
      interceptors?: Record<MemberKey, MemberKey>;
    }
  | { type: 'move'; side: string; member: MemberKey; to: string }
  | { type: 'interact'; side: string; member: MemberKey; objective: string }
  | { type: 'hold'; side: string; member: MemberKey }
  | { type: 'swarmLoss'; side: string; member: MemberKey }
  | {
      type: 'declare';
      side: string;
      orders: Order[];
      /** Members whose (first) Clash orders resolve together as one Clash (R3.1); all in one Area, held alike. */
      groups?: MemberKey[][];
      /** Swarms among those Clash orders (R6.1); a Swarm outside every group forms a group of its own. */
      swarms?: MemberKey[][];
    }
  | {
      /** At a phase start (R12 phased): drop the listed members' orders due now or held (empty = keep all). */
      type: 'drop';
      side: string;
      members: MemberKey[];
    };

/** Who must decide now, and what kind of decision it is. */
export interface Decision {
  side: string;
  kind: 'turn' | 'respond' | 'swarmLoss' | 'declare' | 'drop';
}

/** How a battle ended. */
export type EndReason = 'rounds' | 'elimination' | 'allObjectivesDone' | 'points';

/** The outcome of a finished battle. */
export interface BattleResult {
  /** Winning side id, or null for a draw. */
  winner: string | null;
  points: Record<string, number>;
  /** Rounds played (the round in which it ended). */
  rounds: number;
  reason: EndReason;
}

/** One attacker/target pair of a declared Clash, after Swarm and blast expansion (R4.1). */
export interface PendingPair {
  /** Attacker member indices: one, or several for a Swarm / keepHighest group. */
  attackers: number[];
  target: number;
  /** 'swarm' (R6), 'group' (R12 multipleAttackers keepHighest) or 'single'. */
  mode: 'single' | 'swarm' | 'group';
}

/** A Clash waiting for the response, or for a Swarm-loss choice mid-resolution. */
export interface PendingClash {
  side: SideIndex;
  pairs: PendingPair[];
  /** Index of each target's defender (itself or an interceptor), -1 when absorbing; by target index. */
  defenders: Record<number, number>;
  /** Resolution cursor (for pauses on a Swarm-loss choice). */
  next: number;
  /** Pair indices in resolution order. */
  order: number[];
  /** Damage queued for simultaneous application: [member, amount, sourceMember]. */
  queued: number[];
  /** Health of every member when the Clash (or current stage) began. */
  startHealth: number[];
  /** Flags of every member when the Clash began. */
  startFlags: number[];
  /** First-striker stage boundary in `order` (simultaneous timing). */
  stageEnd: number;
  /** Defender roll per defender under `defenderRolls: once`: member index → final. */
  onceRolls: Record<number, number>;
  /** Swarm members awaiting the loss choice (indices), empty when none. */
  lossChoices: number[];
  /** Member dealing the pending Swarm loss (the defender). */
  lossFrom: number;
  /** Per pair, `phased.longerWeaponFirst`: 1 the attackers strike first, 2 the defender, 0 neither. */
  reach?: number[];
}

/** One resolution step of a phased round: one order, or the Clash orders of one group. */
export interface PhasedStep {
  /** Indices into `PhasedRound.orders`. */
  ids: number[];
  /** Swarms declared for this step's Clash (R6.1). */
  swarms: MemberKey[][];
  side: SideIndex;
  /** Phase it is due in (held: the phase it waits from): 0 first, 1 ranged, 2 clash, 3 interact, 4 move, 5 haste. */
  phase: number;
  /** Set when the step waits for a trigger instead of its phase. */
  trigger?: OrderTrigger;
  /** Member index that alone sets the trigger off, or -1 for any enemy. */
  watch: number;
}

/** Orders of one phased round: declared per side, then resolved phase by phase (R12). */
export interface PhasedRound {
  /** Orders declared by each side (null until it declares). */
  declared: [Order[] | null, Order[] | null];
  /** Groups and Swarms declared by each side. */
  together: [{ groups: MemberKey[][]; swarms: MemberKey[][] }, { groups: MemberKey[][]; swarms: MemberKey[][] }];
  /** Every revealed order (both sides), in resolution order. Fixed once revealed. */
  orders: Order[];
  /** Per order: 0 pending, 1 done, 2 dropped. */
  status: number[];
  /** Resolution steps in order. Fixed once revealed. */
  steps: PhasedStep[];
  /** Phase being resolved, -1 before the first. */
  phase: number;
  /** Per member: 1 when it was able to act as the current phase began (seed 002: it completes its order in it). */
  able: number[];
  /** Health and flags of every member as the current phase began (rolls of members taken out in it). */
  startHealth: number[];
  startFlags: number[];
  /** Sides asked about dropping orders at this phase's start: bit 1 side 0, bit 2 side 1. */
  asked: number;
  /** Steps set off by a trigger, to resolve next: pairs of [step index, member index that set it off]. */
  reactions: number[];
  /** Clash step resolving now; its after-triggers are looked for once it is done. -1 when none. */
  current: number;
  /** Steps waiting for the reactions they set off before them (an enemy about to leave), innermost last. */
  interrupted: number[];
  /** How many of each side's declared orders were given by default (a ready member left without an order holds). */
  defaults: [number, number];
  /** Steps whose before-triggers were already looked for. */
  primed: number[];
}

/**
 * Member flag bits (see `BattleState.flags`). A const enum: esbuild writes its members as literals
 * where it bundles (the CLI, the workers, the app), where an object's would be a load and a shape
 * check at every test of a flag in the engine's hot loops.
 */
export const enum FLAG {
  incapacitated = 1,
  lastStand = 2,
  fled = 4,
  firstPhase = 8,
  /** Out of the battle: incapacitated (R5.3) or fled (R12); a member with neither is active. */
  out = incapacitated | fled,
}

/**
 * A battle at one moment: plain data, never mutated by the engine once returned.
 * Per-member arrays are indexed by member index: side 0's members, then side 1's.
 */
export interface BattleState {
  setup: BattleSetup;
  seed: number;
  /** sfc32 PRNG state (four uint32). */
  rng: number[];
  round: number;
  phase: 'turn' | 'respond' | 'swarmLoss' | 'declare' | 'drop' | 'ended';
  /** Side that must decide now. */
  side: SideIndex;
  /** Side with Initiative this round (R2.2). */
  initiative: SideIndex;
  /** Side that had Initiative last round, or -1. */
  lastInitiative: number;
  health: number[];
  /** Actions used this round (R2.5). */
  used: number[];
  /** Bit set of FLAG values. */
  flags: number[];
  /** Pairs lost while in Last Stand (R7.3). */
  lastStandLosses: number[];
  /** Area index of each member. */
  area: number[];
  /** Progress per objective per side: index objective*2 + side. */
  progress: number[];
  /** Times scored per objective per side: index objective*2 + side. */
  scored: number[];
  /** Member that last worked on an objective, per objective*2+side, -1 when none (R9.3). */
  lastWorker: number[];
  points: [number, number];
  /** Morale checks done per side: bit 1 first casualty, bit 2 half lost (R12). */
  morale: number[];
  /** True while round 1's start-of-combat phase lasts (R12). */
  firstPhase: boolean;
  pending: PendingClash | null;
  result: BattleResult | null;
  /** The current round's orders under `turnStructure: phased` (R12); absent otherwise. */
  phased?: PhasedRound;
  /**
   * Round in which each member last took part in a Clash (0: never); kept only with
   * `phased.longerWeaponFirst` (R12, seed 002 note *).
   */
  engaged?: number[];
  /** Events of battle start (round 1 start, initiative), for logs and replays. */
  openingEvents: BattleEvent[];
  /** Test-only scripted dice; absent in real battles. */
  dice?: DiceSource;
}

/** Options of `createBattle`. */
export interface CreateOptions {
  /** Test-only scripted dice; replaces the PRNG for every roll. */
  dice?: DiceSource;
}
