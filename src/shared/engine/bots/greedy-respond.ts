/**
 * Greedy's value of a response to a pending Clash (R3.2, R3.3): per target, defend or absorb,
 * as what the pairs on it are worth to the attackers; and its pick of a Swarm's loss (R6.3).
 */
import { ACT, argA, argB, kindOf } from '../action-codes';
import type { ActionBuffer } from '../action-codes';
import type { Compiled } from '../compiled';
import { MODE, clashOf } from '../pending-clash';
import { isActive, isReady } from '../state';
import type { Action, BattleState } from '../types';
import type { OddsCache } from './estimate';
import { damageValue } from './estimate';
import { KEEP_ACTION, decision, one, pairValues, scored, viewOf } from './greedy-pairs';
import { flatPairs, singleValues } from './flat-pairs';

type Respond = Extract<Action, { type: 'respond' }>;

/** Per member: 1 when the response being scored has it defend (reused). */
let defends = new Uint8Array(16);

/**
 * Value for the responding side of the response in {@link defends} (R3.2), left in {@link scored}:
 * per target, in the order the pairs first target them, what its pairs are worth to the attackers, lost or kept.
 */
const scoreDefends = (s: BattleState, c: Compiled, odds: OddsCache): void => {
  const w = clashOf(s);
  let total = 0;
  for (let i = 0; i < w.pairCount; i++) {
    const t = w.pairTarget[i]!;
    let first = true;
    for (let j = 0; j < i && first; j++) if (w.pairTarget[j] === t) first = false;
    if (!first) continue;
    const defend = defends[t] === 1;
    targetLoss(s, c, odds, i, t, defend);
    const v = scored[0]!;
    total += defend ? v : v + (isReady(s, c, t) ? KEEP_ACTION : 0);
  }
  scored[0] = total;
};

/**
 * Per decision: what the pairs on target `t` (its first pair at index `first`) are worth to the
 * attackers, negated — if it defends and if it absorbs, left in {@link scored}. Every response code
 * of the decision shares them.
 */
const losses = { stamp: new Int32Array(0), defend: new Float64Array(0), absorb: new Float64Array(0) };

const targetLoss = (s: BattleState, c: Compiled, odds: OddsCache, first: number, t: number, defend: boolean): void => {
  if (losses.stamp.length < c.n) {
    losses.stamp = new Int32Array(c.n);
    losses.defend = new Float64Array(c.n);
    losses.absorb = new Float64Array(c.n);
  }
  if (losses.stamp[t] === decision.id) {
    scored[0] = defend ? losses.defend[t]! : losses.absorb[t]!;
    return;
  }
  const w = clashOf(s);
  let vd = 0;
  let va = 0;
  for (let j = first; j < w.pairCount; j++) {
    if (w.pairTarget[j] !== t) continue;
    const from = w.pairStart[j]!;
    const to = w.pairStart[j + 1]!;
    let alive = one;
    if (to - from === 1 && w.pairMode[j] !== MODE.SWARM) {
      const a = w.att[from]!;
      if (!isActive(s, a)) continue;
      const at = singleValues(s, c, odds, a, t, s.health[t]);
      vd -= flatPairs.v[at + 1]!;
      va -= flatPairs.v[at + 2]!;
      continue;
    }
    if (to - from === 1) {
      if (!isActive(s, w.att[from]!)) continue;
      one[0] = w.att[from]!;
    } else {
      // Written in place, then cut: `length = 0` would drop the array's storage every pair.
      let n = 0;
      for (let x = from; x < to; x++) if (isActive(s, w.att[x]!)) several[n++] = w.att[x]!;
      if (n === 0) continue;
      several.length = n;
      alive = several;
    }
    const values = pairValues(s, c, odds, viewOf(s, c, odds, alive, t, w.pairMode[j] === MODE.SWARM));
    vd -= values.defended;
    va -= values.absorbed;
  }
  losses.stamp[t] = decision.id;
  losses.defend[t] = vd;
  losses.absorb[t] = va;
  scored[0] = defend ? vd : va;
};

/** The active attackers of a pending pair of several (reused; a view keeps its own copy). */
const several: number[] = [];

/** A response that intercepts is never chosen by greedy (it cannot value it). */
const INTERCEPT_SCORE = -1e6;

/** Value for the responding side of defending (or absorbing) each target of the pending Clash. */
export const scoreResponse = (s: BattleState, c: Compiled, odds: OddsCache, a: Respond): number => {
  if (a.interceptors !== undefined && Object.keys(a.interceptors).length > 0) return INTERCEPT_SCORE;
  if (defends.length < c.n) defends = new Uint8Array(c.n);
  for (let m = 0; m < c.n; m++) defends[m] = a.responses[c.members[m].key] === 'defend' ? 1 : 0;
  scoreDefends(s, c, odds);
  return scored[0]!;
};

/** Value of a response code, left in {@link scored}: the same as {@link scoreResponse} of its action. */
export const scoreResponseCode = (s: BattleState, c: Compiled, odds: OddsCache, code: number, buf: ActionBuffer): void => {
  if (kindOf(code) === ACT.intercept) {
    scored[0] = INTERCEPT_SCORE;
    return;
  }
  const ready = buf.ready;
  if (defends.length < c.n) defends = new Uint8Array(c.n);
  defends.fill(0);
  const mode = argA(code);
  const b = argB(code);
  for (let i = 0; i < ready.length; i++) defends[ready[i]!] = (mode === 0 && ((b >> i) & 1) === 1) || mode === 2 || (mode === 3 && i === b) ? 1 : 0;
  scoreDefends(s, c, odds);
};

/** The Swarm member that loses least by taking the damage (R6.3 `chosen`): the first cheapest. */
export const chooseLoss = (s: BattleState, c: Compiled, buf: ActionBuffer, n: number): number => {
  let best = buf.codes[0]!;
  let bestCost = Infinity;
  for (let i = 0; i < n; i++) {
    const code = buf.codes[i]!;
    if (kindOf(code) !== ACT.swarmLoss) continue;
    const cost = damageValue(s, c, argA(code), 1);
    if (cost < bestCost) {
      bestCost = cost;
      best = code;
    }
  }
  return best;
};
