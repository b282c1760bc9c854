/**
 * Types of the ruleset document and its knobs (RULES.md; DESIGN.md, "Workspace format"): every
 * knob with its values, the partial set a ruleset document writes, and the aftermath table.
 * Re-exported by types.ts, where the other document kinds are; `drift-check.ts` checks them
 * against the types generated from `schemas/`.
 */
import type { DieName } from './types';

/** Every knob of RULES.md. A ruleset document sets any subset; the rest come from `extends`. */
export interface RulesetKnobs {
  initiative: {
    crewValue: 'active' | 'starting';
    tie: 'rolloff' | 'alternate';
    mode: 'lowestValue' | 'startOfCombat';
    target: number;
  };
  damage: {
    maxRollStep: number;
    maxRollFloor: number;
    cappedRoll: 'clamp' | 'reroll';
  };
  clash: {
    interception: boolean;
    defenderRolls: 'perPair' | 'once';
    tie: 'standoff' | 'attacker' | 'defender' | 'bothDamaged' | 'reroll';
    absorb: 'hit' | 'threshold';
    absorbThreshold: number;
    timing: 'simultaneous' | 'sequential';
    multipleAttackers: 'separate' | 'keepHighest';
  };
  swarm: {
    minSize: number;
    bonusPerExtra: number;
    damage: number;
    lossTarget: 'chosen' | 'highestRoll' | 'random';
  };
  captain: {
    lastStand: boolean;
    lastStandMaxRoll: number;
    lastStandLosses: number;
  };
  movement: {
    retreat: 'free' | 'roll';
    retreatTarget: number;
  };
  morale: {
    enabled: boolean;
    target: number;
  };
  turnStructure: 'alternating' | 'phased';
  phased: {
    longerWeaponFirst: boolean;
  };
  scoring: {
    endOfRoundOnEarlyEnd: boolean;
  };
  aftermath: {
    die: DieName;
    table: AftermathRow[];
  };
  advancement: {
    victoriesPerStep: number;
  };
}

export type AftermathOutcome = 'dead' | 'injury' | 'recovers';
export interface AftermathRow {
  min: number;
  max: number;
  outcome: AftermathOutcome;
}

/** A partial set of knobs, as written in a ruleset document. */
export type RulesetOverrides = {
  [K in keyof RulesetKnobs]?: RulesetKnobs[K] extends object
    ? RulesetKnobs[K] extends unknown[]
      ? RulesetKnobs[K]
      : Partial<RulesetKnobs[K]>
    : RulesetKnobs[K];
};

export interface RulesetDoc extends RulesetOverrides {
  kind: 'ruleset';
  schemaVersion: number;
  id: string;
  name?: string;
  text?: string;
  extends?: string;
}
