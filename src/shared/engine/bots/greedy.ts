/**
 * The `greedy` bot: one-step lookahead. Every legal action is scored with exact pair odds and
 * objective values; the best is played (ties broken by the seeded rng).
 */
import { compile } from '../compiled';
import type { Compiled } from '../compiled';
import { legalActions } from '../legal';
import { enemiesIn, isActive, isReady } from '../state';
import { activeEffects, sumOf } from '../effects';
import type { Action, BattleState, Order, PendingPair } from '../types';
import type { Rng } from '../sim/seed';
import type { Policy } from './policy';
import { LASTING_ROUNDS, MEMBER_STATE_SPAN, OddsCache, POINT_WEIGHT, damageValue, memberStateKey } from './estimate';
import type { Roll } from './estimate';

/** Value to a defender of keeping its action by absorbing (R3.2, R3.4). */
const KEEP_ACTION = 0.6;
/** Cost of spending one member's action. */
const ACTION_COST = 0.15;

type Clash = Extract<Action, { type: 'clash' }>;
type Respond = Extract<Action, { type: 'respond' }>;

/** Rolls of one attack pair: the attacking roll (single or Swarm) and the target's defending roll. */
interface PairView {
  attackers: number[];
  target: number;
  att: Roll;
  def: Roll;
  swarm: boolean;
  /** Values by target Health (see {@link pairValues}); lives exactly as long as the view's inputs hold. */
  values?: Map<number, PairValues>;
}

/**
 * Memo key of a pair (its attacker set, lead attacker, target, Swarm or not) for `kind` 0 (its
 * view; values live on the view); null when the battle is too large to key.
 */
const memoKey = (c: Compiled, attackers: number[], target: number, swarm: boolean, kind: number): number | null => {
  // 26 bits (a small integer, cheap as a Map key): up to 16 members per battle.
  if (c.n > 16) return null;
  let mask = 0;
  for (const a of attackers) mask |= 1 << a;
  return (((mask << 4) | attackers[0]) << 6) | (target << 2) | (swarm ? 2 : 0) | kind;
};

/** The rolls of a pair; a pure function of the state and the pair, so memoised per state. */
const viewOf = (s: BattleState, c: Compiled, odds: OddsCache, attackers: number[], target: number, swarm: boolean): PairView => {
  const key = memoKey(c, attackers, target, swarm, 0);
  if (key === null) return computeView(s, c, odds, attackers, target, swarm);
  odds.begin(s);
  const hit = odds.memo.get(key) as PairView | undefined;
  if (hit !== undefined) return hit;
  // A single pair reads only its two members' Health, Last Stand and Area and the round: reuse it
  // (and its values) across states while those hold.
  const sa = swarm || attackers.length !== 1 ? -1 : memberStateKey(s, attackers[0]);
  const st = sa < 0 ? -1 : memberStateKey(s, target);
  const lasting = st < 0 || s.round >= LASTING_ROUNDS ? -1 : (sa * MEMBER_STATE_SPAN + st) * LASTING_ROUNDS + s.round;
  let view = lasting < 0 ? undefined : (odds.lastingGet(key, lasting) as PairView | undefined);
  if (view === undefined) {
    view = computeView(s, c, odds, attackers, target, swarm);
    if (lasting >= 0) odds.lastingSet(key, lasting, view);
  }
  odds.memo.set(key, view);
  return view;
};

const computeView = (s: BattleState, c: Compiled, odds: OddsCache, attackers: number[], target: number, swarm: boolean): PairView => {
  const def = odds.roll(s, c, { member: target, role: 'defender', opponent: attackers[0], vsSwarm: swarm });
  if (!swarm) return { attackers, target, att: odds.roll(s, c, { member: attackers[0], role: 'attacker', opponent: target }), def, swarm };
  const rolls = attackers.map((a) => odds.roll(s, c, { member: a, role: 'attacker', opponent: target, inSwarm: true }));
  const bonus = s.setup.ruleset.swarm.bonusPerExtra * Math.max(0, attackers.length - s.setup.ruleset.swarm.minSize);
  return { attackers, target, att: odds.group(rolls, bonus), def, swarm };
};

/** Value of a pair for the attacking side if defended, and if absorbed (memoised per state at the target's current Health). */
const pairValues = (s: BattleState, c: Compiled, odds: OddsCache, v: PairView, targetHealth = s.health[v.target]): PairValues => {
  // Values depend on the state only through the view's own inputs (see viewOf), so they are kept on the view.
  let memo = v.values;
  if (memo === undefined) {
    memo = new Map();
    v.values = memo;
  }
  let values = memo.get(targetHealth);
  if (values === undefined) {
    values = computeValues(s, c, odds, v, targetHealth);
    memo.set(targetHealth, values);
  }
  return values;
};

const computeValues = (s: BattleState, c: Compiled, odds: OddsCache, v: PairView, targetHealth: number): PairValues => {
  const r = s.setup.ruleset;
  const lead = v.attackers[0];
  const toTarget = v.swarm ? r.swarm.damage : odds.damage(s, c, lead, 'attacker', v.target);
  const gain = damageValue(s, c, v.target, toTarget, targetHealth);
  // A lost Swarm pair costs its cheapest member 1 damage (R6.3); a single attacker takes the defender's damage.
  const loss = v.swarm
    ? Math.min(...v.attackers.map((a) => damageValue(s, c, a, 1)))
    : damageValue(s, c, lead, odds.damage(s, c, v.target, 'defender', lead));
  const p = odds.pair(s, v.att, v.def);
  const both = r.clash.tie === 'bothDamaged' ? p.tie * (gain - loss) : 0;
  const defended = p.attackerWins * gain - p.defenderWins * loss + both;
  const hitChance = r.clash.absorb === 'threshold' ? odds.atLeast(v.att, r.clash.absorbThreshold) : 1;
  return { defended, absorbed: hitChance * gain, hitsDefended: p.attackerWins * toTarget, hitsAbsorbed: hitChance * toTarget };
};

/** Values of one pair for the attacking side, and the expected damage it deals to the target. */
interface PairValues {
  defended: number;
  absorbed: number;
  hitsDefended: number;
  hitsAbsorbed: number;
}

/** Groups a Clash declaration into pairs: declared Swarms are one pair each (R6.1). */
const clashPairs = (c: Compiled, a: Clash): { attackers: number[]; target: number; swarm: boolean }[] => {
  if (a.swarms === undefined || a.swarms.length === 0) {
    return a.attacks.map((x) => ({ attackers: [c.keyIndex.get(x.attacker)!], target: c.keyIndex.get(x.target)!, swarm: false }));
  }
  const inSwarm = new Set(a.swarms.flat());
  const out: { attackers: number[]; target: number; swarm: boolean }[] = [];
  for (const sw of a.swarms ?? []) {
    const t = a.attacks.find((x) => x.attacker === sw[0])?.target;
    if (t !== undefined) out.push({ attackers: sw.map((k) => c.keyIndex.get(k)!), target: c.keyIndex.get(t)!, swarm: true });
  }
  for (const x of a.attacks) if (!inSwarm.has(x.attacker)) out.push({ attackers: [c.keyIndex.get(x.attacker)!], target: c.keyIndex.get(x.target)!, swarm: false });
  return out;
};

const scoreClash = (s: BattleState, c: Compiled, odds: OddsCache, a: Clash): number => {
  let total = -ACTION_COST * a.attacks.length;
  // Per target, in first-targeted order: summed values, and the expected damage so far (later
  // pairs gain less: no overkill). Flat arrays instead of a Map: this runs for every listed Clash.
  const targets: number[] = [];
  const sums: number[] = [];
  for (const p of clashPairs(c, a)) {
    const view = viewOf(s, c, odds, p.attackers, p.target, p.swarm);
    let at = targets.indexOf(p.target);
    if (at < 0) {
      at = targets.length;
      targets.push(p.target);
      sums.push(0, 0, 0, 0);
    }
    const o = at * 4;
    const hp = s.health[p.target];
    const d = pairValues(s, c, odds, view, hp - Math.floor(sums[o + 2]));
    const ab = sums[o + 3] === sums[o + 2] ? d : pairValues(s, c, odds, view, hp - Math.floor(sums[o + 3]));
    sums[o] += d.defended;
    sums[o + 1] += ab.absorbed;
    sums[o + 2] += d.hitsDefended;
    sums[o + 3] += ab.hitsAbsorbed;
  }
  // The responder picks defend or absorb per target, whichever is worse for us (R3.2).
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i];
    total += isReady(s, c, t) ? Math.min(sums[i * 4], sums[i * 4 + 1] - KEEP_ACTION) : sums[i * 4 + 1];
  }
  return total;
};

/** What scoring objectives in `area` are worth to member `m`'s side now. */
const areaWorth = (s: BattleState, c: Compiled, m: number, area: number): number => {
  const side = c.sideOf[m];
  let worth = 0;
  c.objectives.forEach((o, i) => {
    if (o.area !== area || (o.only !== -1 && o.only !== side)) return;
    const d = o.def;
    const pts = o.points * POINT_WEIGHT;
    if (d.kind === 'interact') {
      if (d.repeatable !== true && s.scored[i * 2] + s.scored[i * 2 + 1] > 0) return;
      worth += pts / Math.max(1, o.progress - s.progress[i * 2 + side]);
    } else if (d.kind === 'reach' || d.kind === 'control') {
      if (d.kind === 'reach' && d.once === true && s.scored[i * 2 + side] > 0) return;
      const rounds = Math.max(1, s.setup.rounds - s.round + 1);
      worth += (pts * Math.min(rounds, 3)) / 3;
    }
  });
  return worth;
};

const scoreMove = (s: BattleState, c: Compiled, m: number, to: number): number => {
  const from = s.area[m];
  const side = c.sideOf[m];
  let score = 0.5 * (areaWorth(s, c, m, to) - areaWorth(s, c, m, from)) - ACTION_COST;
  if (!enemiesIn(s, c, from, side) && enemiesIn(s, c, to, side)) score += 0.3;
  return score;
};

const scoreInteract = (s: BattleState, c: Compiled, m: number, objective: number): number => {
  const o = c.objectives[objective];
  const side = c.sideOf[m];
  const bonus = Math.max(0, sumOf(activeEffects(s, c, { member: m }), 'progressBonus'));
  const remaining = Math.max(1, o.progress - s.progress[objective * 2 + side]);
  let chance = 1;
  if (o.def.kind === 'interact' && o.def.whenContested === 'roll' && enemiesIn(s, c, o.area, side)) {
    chance = Math.max(0, Math.min(1, (c.members[m].sides - o.difficulty + 1) / c.members[m].sides));
  }
  const share = Math.min(1, (1 + bonus) / remaining);
  return chance * o.points * POINT_WEIGHT * (share >= 1 ? 1 : share * 0.8) - ACTION_COST;
};

/** Value for the responding side of defending (or absorbing) each target of the pending Clash. */
const scoreResponse = (s: BattleState, c: Compiled, odds: OddsCache, a: Respond): number => {
  const p = s.pending!;
  if (a.interceptors !== undefined && Object.keys(a.interceptors).length > 0) return -1e6;
  let total = 0;
  const byTarget = new Map<number, PendingPair[]>();
  for (const pair of p.pairs) byTarget.set(pair.target, [...(byTarget.get(pair.target) ?? []), pair]);
  for (const [t, pairs] of byTarget) {
    const defend = a.responses[c.members[t].key] === 'defend';
    let v = 0;
    for (const pair of pairs) {
      const alive = pair.attackers.filter((m) => isActive(s, m));
      if (alive.length === 0) continue;
      const values = pairValues(s, c, odds, viewOf(s, c, odds, alive, t, pair.mode === 'swarm'));
      v -= defend ? values.defended : values.absorbed;
    }
    total += defend ? v : v + (isReady(s, c, t) ? KEEP_ACTION : 0);
  }
  return total;
};

/** The Swarm member that loses least by taking the damage (R6.3 `chosen`). */
const chooseLoss = (s: BattleState, c: Compiled, actions: Action[]): Action => {
  let best = actions[0];
  let bestCost = Infinity;
  for (const a of actions) {
    if (a.type !== 'swarmLoss') continue;
    const m = c.keyIndex.get(a.member)!;
    const cost = damageValue(s, c, m, 1);
    if (cost < bestCost) {
      bestCost = cost;
      best = a;
    }
  }
  return best;
};

/** Scores one legal action for the side deciding in `s` (higher is better). */
export const scoreAction = (s: BattleState, c: Compiled, odds: OddsCache, a: Action): number => {
  switch (a.type) {
    case 'clash':
      return scoreClash(s, c, odds, a);
    case 'respond':
      return scoreResponse(s, c, odds, a);
    case 'move':
      return scoreMove(s, c, c.keyIndex.get(a.member)!, c.areaIndex.get(a.to)!);
    case 'interact':
      return scoreInteract(s, c, c.keyIndex.get(a.member)!, c.objectiveIndex.get(a.objective)!);
    case 'hold':
      return 0;
    case 'swarmLoss':
      return -damageValue(s, c, c.keyIndex.get(a.member)!, 1);
    case 'declare':
      return scoreDeclare(s, c, odds, a);
    case 'drop':
      return scoreDrop(s, c, odds, a);
  }
};

/** Value of one phased order (R12) now: its Clash, Move or Interact as if taken as a turn. */
const orderValue = (s: BattleState, c: Compiled, odds: OddsCache, o: Order): number => {
  const m = c.keyIndex.get(o.member);
  if (m === undefined) return 0;
  if (o.act === 'clash' && o.target !== undefined) {
    const t = c.keyIndex.get(o.target);
    if (t === undefined || !isActive(s, t)) return 0;
    const v = pairValues(s, c, odds, viewOf(s, c, odds, [m], t, false));
    return (isReady(s, c, t) ? Math.min(v.defended, v.absorbed - KEEP_ACTION) : v.absorbed) - ACTION_COST;
  }
  if (o.act === 'move' && o.to !== undefined) {
    const to = c.areaIndex.get(o.to);
    return to === undefined ? 0 : scoreMove(s, c, m, to);
  }
  if (o.act === 'interact' && o.objective !== undefined) {
    const i = c.objectiveIndex.get(o.objective);
    return i === undefined ? 0 : scoreInteract(s, c, m, i);
  }
  return 0;
};

/** A held order may never fire: half its value, plus a little for staying ready to defend meanwhile. */
const HELD_SHARE = 0.5;
const READY_WHILE_HELD = 0.2;

/**
 * Order values per state: the listed declarations share their Order objects, so each order is
 * valued once per decision (the runner hands bots a fresh state object per decision).
 */
const orderMemo = new WeakMap<BattleState, Map<Order, number>>();

const memoValue = (s: BattleState, c: Compiled, odds: OddsCache, o: Order): number => {
  let memo = orderMemo.get(s);
  if (memo === undefined) {
    memo = new Map();
    orderMemo.set(s, memo);
  }
  let v = memo.get(o);
  if (v === undefined) {
    v = orderValue(s, c, odds, o);
    v = o.trigger === undefined ? v : HELD_SHARE * v + READY_WHILE_HELD;
    memo.set(o, v);
  }
  return v;
};

/**
 * A phased declaration (R12 `turnStructure: phased`) is worth the sum of its orders; a grouped
 * Clash (with its Swarms) is scored as one Clash; orders held for a trigger count at a share.
 */
const scoreDeclare = (s: BattleState, c: Compiled, odds: OddsCache, a: Extract<Action, { type: 'declare' }>): number => {
  let total = 0;
  if (a.groups === undefined && a.swarms === undefined) {
    for (const o of a.orders) total += memoValue(s, c, odds, o);
    return total;
  }
  const first = new Map<string, Order>();
  for (const o of a.orders) if (!first.has(o.member)) first.set(o.member, o);
  const groups = [...(a.groups ?? []), ...(a.swarms ?? []).filter((sw) => !(a.groups ?? []).some((g) => g.includes(sw[0])))];
  const grouped = new Set(groups.flat());
  for (const g of groups) {
    const attacks = g.map((k) => ({ attacker: k, target: first.get(k)?.target ?? '' }));
    if (attacks.some((x) => !c.keyIndex.has(x.target))) continue;
    const swarms = (a.swarms ?? []).filter((sw) => sw.every((k) => g.includes(k)));
    total += scoreClash(s, c, odds, { type: 'clash', side: a.side, attacks, swarms });
  }
  const seen = new Set<string>();
  for (const o of a.orders) {
    const isFirst = !seen.has(o.member);
    seen.add(o.member);
    if (!(isFirst && grouped.has(o.member))) total += memoValue(s, c, odds, o);
  }
  return total;
};

/** Dropping orders at a phase start (R12) is worth what those orders would lose now. */
const scoreDrop = (s: BattleState, c: Compiled, odds: OddsCache, a: Extract<Action, { type: 'drop' }>): number => {
  const p = s.phased;
  if (p === undefined) return 0;
  let total = 0;
  p.orders.forEach((o, id) => {
    if (p.status[id] === 0 && a.members.includes(o.member)) total -= orderValue(s, c, odds, o);
  });
  return total;
};

/** Legal actions sorted best first by {@link scoreAction}, with their scores. */
export const rankActions = (s: BattleState, odds: OddsCache): { action: Action; score: number }[] => {
  const c = compile(s.setup);
  return legalActions(s)
    .map((action) => ({ action, score: scoreAction(s, c, odds, action) }))
    .sort((x, y) => y.score - x.score);
};

/** Creates the greedy bot; it only ever returns an action from `legalActions`. */
export const greedyPolicy = (): Policy => {
  const odds = new OddsCache();
  return {
    name: 'greedy',
    decide(state: BattleState, rng: Rng): Action {
      const c = compile(state.setup);
      const actions = legalActions(state);
      if (actions.length === 0) throw new Error('greedy: no legal action in a battle that has not ended');
      if (state.phase === 'swarmLoss') return chooseLoss(state, c, actions);
      let best: Action[] = [];
      let bestScore = -Infinity;
      for (const a of actions) {
        const score = scoreAction(state, c, odds, a);
        if (score > bestScore + 1e-9) {
          bestScore = score;
          best = [a];
        } else if (Math.abs(score - bestScore) <= 1e-9) best.push(a);
      }
      return best.length === 1 ? best[0] : best[rng.int(best.length)];
    },
  };
};
