/**
 * Read-only questions about a battle state: who decides now, the result, member lookups.
 */
import { compile } from './compiled';
import type { BattleResult, BattleState, Decision, SetupMember } from './types';

/** The decision pending now, or null when the battle is over. */
export function currentDecision(state: BattleState): Decision | null {
  if (state.phase === 'ended') return null;
  const side = state.setup.sides[state.side]!.id;
  return { side, kind: state.phase === 'turn' ? 'turn' : state.phase };
}

/** The result once the battle has ended (R9.5), else null. */
export function result(state: BattleState): BattleResult | null {
  return state.result;
}

/** Index of a member key in the per-member arrays, or -1. */
export function memberIndex(state: BattleState, key: string): number {
  return compile(state.setup).keyIndex.get(key) ?? -1;
}

/** The setup entry of a member key, or undefined. */
export function memberOf(state: BattleState, key: string): SetupMember | undefined {
  const c = compile(state.setup);
  const i = c.keyIndex.get(key);
  return i === undefined ? undefined : c.members[i];
}

/** Side index (0 or 1) of a side id, or -1. */
export function sideIndexOf(state: BattleState, sideId: string): number {
  return compile(state.setup).sideIndex.get(sideId) ?? -1;
}
