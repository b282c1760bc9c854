import type { RulesetKnobs } from './types';

/** The built-in `core` ruleset: every RULES.md default. Frozen; resolve copies it. */
export const CORE_RULESET: Readonly<RulesetKnobs> = Object.freeze({
  initiative: { crewValue: 'active', tie: 'rolloff', mode: 'lowestValue', target: 4 },
  damage: { maxRollStep: 2, maxRollFloor: 1, cappedRoll: 'clamp' },
  clash: {
    interception: false,
    defenderRolls: 'perPair',
    tie: 'standoff',
    absorb: 'hit',
    absorbThreshold: 4,
    timing: 'simultaneous',
    multipleAttackers: 'separate',
  },
  swarm: { minSize: 3, bonusPerExtra: 0, damage: 1, lossTarget: 'chosen' },
  captain: { lastStand: true, lastStandMaxRoll: 2, lastStandLosses: 1 },
  movement: { retreat: 'free', retreatTarget: 4 },
  morale: { enabled: false, target: 4 },
  turnStructure: 'alternating',
  phased: { longerWeaponFirst: false },
  scoring: { endOfRoundOnEarlyEnd: false },
  aftermath: {
    die: 'd6',
    table: [
      { min: 1, max: 1, outcome: 'dead' },
      { min: 2, max: 2, outcome: 'injury' },
      { min: 3, max: 6, outcome: 'recovers' },
    ],
  },
  advancement: { victoriesPerStep: 3 },
}) as Readonly<RulesetKnobs>;

/** Id of the built-in ruleset that every `extends` chain ends in. */
export const CORE_RULESET_ID = 'core';
