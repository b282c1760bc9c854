/** Ruleset variants of the example setups that together reach every knob value the hot path branches on. */
import type { BattleSetup } from '../../../../../src/shared/engine';

/** A named change applied to a deep copy of an example setup. */
export type Variant = [name: string, change: (s: BattleSetup) => void];

/** Phased turns, simultaneous timing, interception, Swarm-loss choices, morale (the in-place lockstep set). */
export const VARIANTS: Variant[] = [
  ['core', () => undefined],
  ['phased', (s) => void (s.ruleset.turnStructure = 'phased')],
  [
    'simultaneous',
    (s) => {
      s.ruleset.clash.timing = 'simultaneous';
      s.ruleset.clash.tie = 'reroll';
      s.ruleset.clash.defenderRolls = 'once';
    },
  ],
  [
    'mixed',
    (s) => {
      s.ruleset.clash.multipleAttackers = 'keepHighest';
      s.ruleset.clash.interception = true;
      s.ruleset.swarm.lossTarget = 'chosen';
      s.ruleset.movement.retreat = 'roll';
      s.ruleset.morale.enabled = true;
      s.sides[1].npc = true;
      s.ruleset.initiative.mode = 'startOfCombat';
      s.ruleset.clash.tie = 'bothDamaged';
      s.ruleset.damage.cappedRoll = 'reroll';
    },
  ],
];

/** {@link VARIANTS} plus the example `grim-reach` knobs and a sequential, threshold, big-Swarm variant. */
export const REFERENCE_VARIANTS: Variant[] = [
  ...VARIANTS,
  [
    'grim',
    (s) => {
      s.ruleset.clash.tie = 'defender';
      s.ruleset.damage.cappedRoll = 'reroll';
      s.ruleset.movement.retreat = 'roll';
      s.ruleset.movement.retreatTarget = 4;
      s.ruleset.morale.enabled = true;
    },
  ],
  [
    'sequential',
    (s) => {
      s.ruleset.clash.timing = 'sequential';
      s.ruleset.clash.tie = 'attacker';
      s.ruleset.clash.absorb = 'threshold';
      s.ruleset.swarm.minSize = 2;
      s.ruleset.swarm.bonusPerExtra = 1;
      s.ruleset.swarm.lossTarget = 'highestRoll';
      s.ruleset.initiative.tie = 'alternate';
      s.ruleset.initiative.crewValue = 'starting';
      s.ruleset.captain.lastStandLosses = 2;
      s.ruleset.damage.maxRollStep = 1;
    },
  ],
];

/** A deep copy of `setup` with `change` applied. */
export const variantSetup = (setup: BattleSetup, change: (s: BattleSetup) => void): BattleSetup => {
  const copy = JSON.parse(JSON.stringify(setup)) as BattleSetup;
  change(copy);
  return copy;
};
