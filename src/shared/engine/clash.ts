/**
 * Declaring a Clash (R3.1, R3.5, R6.1, R11 blast, R12 keepHighest) and responding to it
 * (R3.2, R3.3): validation and expansion into pairs (R4.1). Pure checks; no dice.
 */
import type { Compiled } from './compiled';
import { EK, effectAny, effectLast } from './effect-index';
import { canTakeTurn, isActive, isReady } from './state';
import { MODE } from './pending-clash';
import type { ClashWork } from './pending-clash';
import type { Action, BattleState } from './types';

type ClashAction = Extract<Action, { type: 'clash' }>;
type RespondAction = Extract<Action, { type: 'respond' }>;

/** A validated Clash: committed members in declared order, the target of each (same index) and the declared Swarms. */
export interface ClashPlan {
  attackers: number[];
  targetOf: number[];
  swarms: SwarmList;
}

/** Declared Swarms, flat: Swarm j is `members[start[j] .. start[j + 1])` (member indices in declared order), `count` of them. */
export interface SwarmList {
  members: ArrayLike<number>;
  start: ArrayLike<number>;
  count: number;
}

/** A Clash without Swarms. */
export const NO_SWARMS: SwarmList = { members: [], start: [0], count: 0 };

/** Swarm eligibility of a member against a target (R6.1, R11 `swarm`): 'never', 'always' or null. */
export function swarmMode(s: BattleState, c: Compiled, m: number, target: number): string | null {
  return effectLast(s, c, EK.swarm, m, 'attacker', target, true, false);
}

/** Why these members may not form a Swarm on `target` (R6.1), or null when they may. */
export function swarmProblem(s: BattleState, c: Compiled, members: number[], target: number): string | null {
  if (members.length < s.setup.ruleset.swarm.minSize) return `a Swarm needs at least ${s.setup.ruleset.swarm.minSize} members`;
  let die: string | null = null;
  for (const m of members) {
    const mode = swarmMode(s, c, m, target);
    if (mode === 'never') return `${c.members[m]!.name} can never be in a Swarm`;
    if (mode === 'always') continue;
    if (die !== null && c.members[m]!.die !== die) return 'Swarm members must share one die type';
    die = c.members[m]!.die;
  }
  return null;
}

/**
 * Validates a Clash declaration and expands it into pairs; returns a message when illegal.
 * `mayAct` says whether a member may attack (default: it may take a turn now, R2.4).
 */
export function planClash(s: BattleState, c: Compiled, a: ClashAction, mayAct?: (m: number) => boolean): ClashPlan | string {
  if (!Array.isArray(a.attacks) || a.attacks.length === 0) return 'a Clash commits at least one member (R3.1)';
  const side = c.sideIndex.get(a.side)!;
  const attackers: number[] = [];
  const targetOf = new Map<number, number>();
  let area = -1;
  for (const decl of a.attacks) {
    const m = c.keyIndex.get(decl?.attacker);
    const t = c.keyIndex.get(decl?.target);
    if (m === undefined) return `attacker '${String(decl?.attacker)}' is not a member of this battle`;
    if (t === undefined) return `target '${String(decl?.target)}' is not a member of this battle`;
    if (c.sideOf[m] !== side) return `${c.members[m]!.name} is not on side '${a.side}'`;
    if (targetOf.has(m)) return `${c.members[m]!.name} is committed twice; each member picks one target`;
    if (!(mayAct === undefined ? canTakeTurn(s, c, m) : mayAct(m))) return `${c.members[m]!.name} is not ready (already activated, incapacitated or waiting for the start-of-combat phase)`;
    if (area === -1) area = s.area[m]!;
    if (s.area[m] !== area) return 'every committed member must be in the same Area (R3.1)';
    if (c.sideOf[t] === side) return `${c.members[t]!.name} is not an enemy`;
    if (!isActive(s, t)) return `${c.members[t]!.name} is incapacitated or gone and cannot be targeted (R5.3)`;
    if (s.area[t] !== area) return `${c.members[t]!.name} is not in the attackers' Area`;
    attackers.push(m);
    targetOf.set(m, t);
  }
  const swarms: number[][] = [];
  const inSwarm = new Set<number>();
  if (a.swarms !== undefined && a.swarms !== null && !Array.isArray(a.swarms)) return 'swarms must be a list of Swarms, each a list of member keys (R6.1)';
  for (const list of a.swarms ?? []) {
    if (!Array.isArray(list)) return 'each Swarm is a list of member keys';
    const members: number[] = [];
    for (const key of list) {
      const m = c.keyIndex.get(key);
      if (m === undefined || !targetOf.has(m)) return `Swarm member '${String(key)}' is not a committed attacker`;
      if (inSwarm.has(m) || members.includes(m)) return `${c.members[m]!.name} is in two Swarms; a member may be in one Swarm per Clash (R6.1)`;
      members.push(m);
    }
    const target = targetOf.get(members[0]!);
    if (target === undefined || members.some((m) => targetOf.get(m) !== target)) return 'all members of a Swarm must target the same enemy (R6.1)';
    const problem = swarmProblem(s, c, members, target);
    if (problem !== null) return problem;
    for (const m of members) inSwarm.add(m);
    swarms.push(members);
  }
  const start = [0];
  for (const sw of swarms) start.push(start[start.length - 1]! + sw.length);
  return { attackers, targetOf: attackers.map((m) => targetOf.get(m)!), swarms: { members: swarms.flat(), start, count: swarms.length } };
}

/**
 * Expands a legal Clash — `att[i]` on `tgt[i]` for i < `k`, with declared `swarms` — into the pairs
 * it resolves (R4.1), written into `w` (reset by the caller): a Swarm is one pair (R6.1); a `blast`
 * attacker also faces every other enemy in the Area (R11); under `multipleAttackers: keepHighest`
 * attackers on one target form a group (R12); else one pair per attacker. Trusted input: no checks
 * (see {@link planClash}).
 */
export function expandClash(s: BattleState, c: Compiled, w: ClashWork, att: ArrayLike<number>, tgt: ArrayLike<number>, k: number, swarms: SwarmList): void {
  // One attacker and no Swarm (most Clashes): one pair of it on its target, then its blast pairs
  // when it blasts (R11) — what the loops below give it (under keepHighest, a group of one is a
  // single pair too), with `blasts` asked once.
  if (k === 1 && swarms.count === 0) {
    const m = att[0]!;
    const t = tgt[0]!;
    w.addSingle(m, t);
    if (blasts(s, c, m, t)) addBlastPairs(s, c, w, m, t, c.sideOf[m]!, s.area[m]!);
    return;
  }
  const side = c.sideOf[att[0]!]!;
  const area = s.area[att[0]!]!;
  const keepHighest = c.keepHighest === true;
  if (swarms.count === 0 && !keepHighest) {
    // No Swarm and no keepHighest group (most Clashes): one single pair per attacker in declared
    // order, and a blast's extra pairs right after its own — what the loop below gives, which
    // then marks no member as grouped.
    for (let i = 0; i < k; i++) {
      const m = att[i]!;
      const t = tgt[i]!;
      w.addSingle(m, t);
      if (blasts(s, c, m, t)) addBlastPairs(s, c, w, m, t, side, area);
    }
    return;
  }
  // Members already in a pair (a Swarm or a keepHighest group), by stamp.
  if (groupedAt.length < c.n) groupedAt = new Int32Array(c.n);
  const stamp = ++expansion;
  for (let i = 0; i < k; i++) {
    const m = att[i]!;
    if (groupedAt[m] === stamp) continue;
    const t = tgt[i]!;
    const j = swarmOf(swarms, m);
    if (j >= 0) {
      w.openPair(t, MODE.SWARM);
      for (let x = swarms.start[j]!; x < swarms.start[j + 1]!; x++) {
        groupedAt[swarms.members[x]!] = stamp;
        w.addAttacker(swarms.members[x]!);
      }
      w.closePair();
    } else if (blasts(s, c, m, t)) {
      w.addSingle(m, t);
      addBlastPairs(s, c, w, m, t, side, area);
    } else if (keepHighest) {
      w.openPair(t, MODE.GROUP);
      let size = 0;
      for (let j2 = 0; j2 < k; j2++) {
        const x = att[j2]!;
        if (tgt[j2] === t && groupedAt[x] !== stamp && (x === m || (swarmOf(swarms, x) < 0 && !blasts(s, c, x, t)))) {
          groupedAt[x] = stamp;
          w.addAttacker(x);
          size++;
        }
      }
      if (size === 1) w.pairMode[w.pairCount] = MODE.SINGLE;
      w.closePair();
    } else {
      w.addSingle(m, t);
    }
  }
}

/** A blast's extra pairs (R11): attacker `m` of `side`, in `area`, on every other active enemy there than its target `t`. */
function addBlastPairs(s: BattleState, c: Compiled, w: ClashWork, m: number, t: number, side: number, area: number): void {
  const to = c.end[1 - side]!;
  for (let e = c.first[1 - side]!; e < to; e++) if (e !== t && isActive(s, e) && s.area[e] === area) w.addSingle(m, e);
}

/** Per member: the number of the expansion that put it in a pair already (scratch of {@link expandClash}). */
let groupedAt = new Int32Array(16);
let expansion = 0;

/** Index of the declared Swarm holding `m`, or −1. */
const swarmOf = (swarms: SwarmList, m: number): number => {
  for (let j = 0; j < swarms.count; j++) for (let x = swarms.start[j]!; x < swarms.start[j + 1]!; x++) if (swarms.members[x] === m) return j;
  return -1;
};

/** `blast` (R11): attacker `m` on target `t` also faces every other enemy in the Area. */
export const blasts = (s: BattleState, c: Compiled, m: number, t: number): boolean => effectAny(s, c, EK.blast, m, 'attacker', t);

/** True when the responding side of the Clash in `w` has any real choice (a ready target or a possible interceptor). */
export function responseHasChoice(s: BattleState, c: Compiled, w: ClashWork): boolean {
  return targetsHaveChoice(s, c, w.targets, w.targetCount);
}

/** True when the side answering a Clash on the `count` distinct `targets` has any real choice (R3.2, R3.3). */
export function targetsHaveChoice(s: BattleState, c: Compiled, targets: ArrayLike<number>, count: number): boolean {
  for (let i = 0; i < count; i++) if (isReady(s, c, targets[i]!)) return true;
  if (!c.interception) return false;
  for (let i = 0; i < count; i++) {
    const t = targets[i]!;
    const from = c.first[c.sideOf[t]!]!;
    const to = c.end[c.sideOf[t]!]!;
    for (let m = from; m < to; m++) if (mayIntercept(s, c, m, t, targets, count)) return true;
  }
  return false;
}

/** Ready, non-targeted friends of `target` in its Area that may intercept (R3.3). */
export function interceptorsFor(s: BattleState, c: Compiled, target: number, targets: number[]): number[] {
  const out: number[] = [];
  const from = c.first[c.sideOf[target]!]!;
  const to = c.end[c.sideOf[target]!]!;
  for (let m = from; m < to; m++) if (mayIntercept(s, c, m, target, targets, targets.length)) out.push(m);
  return out;
}

/** Member `m` may intercept for `target` (R3.3): a ready friend in its Area, not itself one of the `count` targets (callers pass `target`'s side only). */
export const mayIntercept = (s: BattleState, c: Compiled, m: number, target: number, targets: ArrayLike<number>, count: number): boolean =>
  m !== target && !isTarget(targets, count, m) && s.area[m] === s.area[target] && isReady(s, c, m);

const isTarget = (targets: ArrayLike<number>, count: number, m: number): boolean => {
  for (let i = 0; i < count; i++) if (targets[i] === m) return true;
  return false;
};

/** Validates a response; returns defender by target index (-1 = absorb), or a message. */
export function planResponse(s: BattleState, c: Compiled, a: RespondAction, targets: number[]): Record<number, number> | string {
  const responses = a.responses ?? {};
  if (typeof responses !== 'object') return 'responses must map each targeted member to defend or absorb';
  const interceptors = a.interceptors ?? {};
  if (Object.keys(interceptors).length > 0 && !s.setup.ruleset.clash.interception) return 'interception is off in this ruleset (clash.interception: false, R3.3)';
  const targetKeys = new Set(targets.map((t) => c.members[t]!.key));
  for (const key of Object.keys(responses)) if (!targetKeys.has(key)) return `'${key}' is not targeted in this Clash`;
  const defenders: Record<number, number> = {};
  const usedInterceptors = new Set<number>();
  for (const t of targets) {
    const key = c.members[t]!.key;
    const by = interceptors[key];
    if (by !== undefined) {
      const i = c.keyIndex.get(by);
      if (i === undefined || !interceptorsFor(s, c, t, targets).includes(i)) return `'${by}' cannot intercept for ${c.members[t]!.name}: it must be a ready, non-targeted friend in the same Area (R3.3)`;
      if (usedInterceptors.has(i)) return `${c.members[i]!.name} intercepts twice; one target each`;
      usedInterceptors.add(i);
      defenders[t] = i;
      continue;
    }
    const r = responses[key];
    if (r !== 'defend' && r !== 'absorb') return `${c.members[t]!.name} needs a response: 'defend' or 'absorb' (R3.2)`;
    if (r === 'defend' && !isReady(s, c, t)) return `${c.members[t]!.name} is already activated and must absorb (R3.2)`;
    defenders[t] = r === 'defend' ? t : -1;
  }
  for (const key of Object.keys(interceptors)) if (!targetKeys.has(key)) return `'${key}' is not targeted in this Clash`;
  return defenders;
}
