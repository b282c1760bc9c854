/**
 * Swarms a Clash may declare (R6.1, R11 `swarm`): for every target, the largest group of its
 * attackers sharing a die, with those that always Swarm and without those that never do. One
 * finder, allocation-free, serves the enumeration (does this assignment have a Swarm variant?),
 * the bots' scoring and the Clash actions themselves.
 */
import type { Compiled } from './compiled';
import { EFFECT_KEY_COUNT, EK, effectLast } from './effect-index';
import type { BattleState, MemberKey } from './types';

/** Swarm eligibility of `m` against `t` (R6.1, R11 `swarm`): 'never', 'always' or null. */
const swarmModeAt = (s: BattleState, c: Compiled, m: number, t: number): string | null => effectLast(s, c, EK.swarm, m, 'attacker', t, true, false);

/** True when Area `area` has no `swarm` effect (R11): it changes no attacker's Swarm mode there. */
export const plainSwarmArea = (c: Compiled, area: number): boolean => c.effects.area[area * EFFECT_KEY_COUNT + EK.swarm]!.length === 0;

/**
 * True when `m` has no `swarm` effect of its own or its Area's (R11): its Swarm mode is the plain
 * one (it joins its die's group) against every target, and asking marks nothing.
 */
export const plainSwarmMode = (s: BattleState, c: Compiled, m: number): boolean =>
  c.effects.own[m * EFFECT_KEY_COUNT + EK.swarm]!.length === 0 && plainSwarmArea(c, s.area[m]!);

/** {@link swarmModeAt} per (attacker, target) for one state: 1 joins its die's group, 2 'always', 3 'never'; valid when its stamp is `stamp`. */
let modes = new Uint8Array(64);
let modeStamps = new Int32Array(64);
let stamp = 0;

/**
 * Starts the Swarm-mode memo over for a new state (or a state changed since): the enumeration
 * calls it once per decision, so that every query about that state shares the modes.
 */
export function freshSwarmModes(c: Compiled): void {
  if (modes.length < c.n * c.n) {
    modes = new Uint8Array(c.n * c.n);
    modeStamps = new Int32Array(c.n * c.n);
  }
  stamp++;
}

/** Swarm mode of attacker `m` against `t` in the state of the last {@link freshSwarmModes} (memoised): 1 joins its die's group, 2 always Swarms, 3 never. */
export const swarmMode = (s: BattleState, c: Compiled, m: number, t: number): number => {
  const i = m * c.n + t;
  if (modeStamps[i] === stamp) return modes[i]!;
  const mode = swarmModeAt(s, c, m, t);
  // Any other value (or none) joins its die's group, as the rules read it.
  const x = mode === 'always' ? 2 : mode === 'never' ? 3 : 1;
  modes[i] = x;
  modeStamps[i] = stamp;
  return x;
};

/** The Swarms found by the last {@link findSwarms}: Swarm i is `swarmMembers[swarmStart[i] .. swarmStart[i + 1] − 1]`, in ascending member order. */
export let swarmMembers = new Int32Array(16);
export let swarmStart = new Int32Array(17);

/** Makes {@link swarmMembers} / {@link swarmStart} hold `members` members in `groups` Swarms (contents not kept). */
export function reserveSwarms(members: number, groups: number): void {
  if (swarmMembers.length < members) swarmMembers = new Int32Array(2 * members);
  if (swarmStart.length < groups + 1) swarmStart = new Int32Array(2 * groups + 1);
}

/**
 * Finds the largest Swarm per target (R6.1) among attacks `att[i]` → `tgt[i]` (i < k), in
 * first-targeted order: die groups in order of their first member, the first largest winning,
 * plus every attacker that always Swarms; a Swarm needs `swarm.minSize` members. Writes them to
 * {@link swarmMembers} / {@link swarmStart} and returns their number. Reads the Swarm modes of the
 * state given to the last {@link freshSwarmModes}.
 */
export function findSwarms(s: BattleState, c: Compiled, att: ArrayLike<number>, tgt: ArrayLike<number>, k: number): number {
  const min = s.setup.ruleset.swarm.minSize;
  if (k < min) return 0;
  reserveSwarms(k, k);
  let n = 0;
  let end = 0;
  for (let i = 0; i < k; i++) {
    const t = tgt[i]!;
    let first = true;
    let on = 0;
    for (let j = 0; j < k; j++) {
      if (tgt[j] !== t) continue;
      if (j < i) first = false;
      on++;
    }
    if (!first || on < min) continue;
    // The largest die group (the first of equal size) and the members that always Swarm.
    let bestAt = -1;
    let bestSize = 0;
    let wild = 0;
    for (let j = 0; j < k; j++) {
      if (tgt[j] !== t) continue;
      const mode = swarmMode(s, c, att[j]!, t);
      if (mode === 2) wild++;
      if (mode !== 1) continue;
      const die = c.dieKey[att[j]!];
      let seen = false;
      for (let x = 0; x < j && !seen; x++) seen = tgt[x] === t && c.dieKey[att[x]!] === die && swarmMode(s, c, att[x]!, t) === 1;
      if (seen) continue;
      let size = 0;
      for (let x = j; x < k; x++) if (tgt[x] === t && c.dieKey[att[x]!] === die && swarmMode(s, c, att[x]!, t) === 1) size++;
      if (size > bestSize) {
        bestSize = size;
        bestAt = j;
      }
    }
    if (bestSize + wild < min) continue;
    const from = end;
    for (let x = bestAt < 0 ? k : bestAt; x < k; x++) if (tgt[x] === t && c.dieKey[att[x]!] === c.dieKey[att[bestAt]!] && swarmMode(s, c, att[x]!, t) === 1) swarmMembers[end++] = att[x]!;
    for (let x = 0; x < k; x++) if (tgt[x] === t && swarmMode(s, c, att[x]!, t) === 2) swarmMembers[end++] = att[x]!;
    // Ascending member order (insertion sort: a Swarm is small).
    for (let a = from + 1; a < end; a++) {
      const v = swarmMembers[a]!;
      let b = a - 1;
      for (; b >= from && swarmMembers[b]! > v; b--) swarmMembers[b + 1] = swarmMembers[b]!;
      swarmMembers[b + 1] = v;
    }
    swarmStart[n] = from;
    swarmStart[++n] = end;
  }
  return n;
}

/** {@link findSwarms} for a state on its own (fresh Swarm modes), as lists of member indices. */
export function swarmGroups(s: BattleState, c: Compiled, att: ArrayLike<number>, tgt: ArrayLike<number>, k: number): number[][] {
  freshSwarmModes(c);
  const n = findSwarms(s, c, att, tgt, k);
  const out: number[][] = [];
  for (let i = 0; i < n; i++) out.push(Array.from(swarmMembers.subarray(swarmStart[i]!, swarmStart[i + 1]!)));
  return out;
}

/** {@link swarmGroups} as member keys (the `swarms` of a Clash action). */
export function swarmsOf(s: BattleState, c: Compiled, att: ArrayLike<number>, tgt: ArrayLike<number>, k: number): MemberKey[][] {
  return swarmGroups(s, c, att, tgt, k).map((sw) => sw.map((m) => c.members[m]!.key));
}
