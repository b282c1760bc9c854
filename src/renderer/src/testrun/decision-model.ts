/**
 * The "me" controls of Play (issue 5): what the deciding side may do now, and building the
 * engine action from the user's picks. Legality is always the engine's (`checkAction`), so the
 * controls never accept what the rules refuse.
 */
import { checkAction, currentDecision, legalActions } from '../../../shared/engine';
import type { Action, BattleState, MemberKey } from '../../../shared/engine';
import { battlePairOdds } from '../../../shared/engine/analysis';
import type { PairOdds } from '../../../shared/engine/odds';
import { err, ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';

/** A simple one-member action the user can take with one click, with its button label. */
export interface SimpleChoice {
  label: string;
  action: Action;
}

/** A member that may attack, and the enemies it may target. */
export interface AttackerChoice {
  key: MemberKey;
  name: string;
  area: string;
  targets: { key: MemberKey; name: string }[];
}

/** Everything a turn offers. */
export interface TurnChoices {
  side: string;
  attackers: AttackerChoice[];
  moves: SimpleChoice[];
  interacts: SimpleChoice[];
  holds: SimpleChoice[];
}

const names = (state: BattleState): Map<string, string> =>
  new Map(state.setup.sides.flatMap((s) => s.members.map((m) => [m.key, m.name] as const)));

/** The choices of the turn decision in `state`, or null when it is not a turn decision. */
export function turnChoices(state: BattleState): TurnChoices | null {
  const d = currentDecision(state);
  if (d === null || d.kind !== 'turn') return null;
  const name = names(state);
  const areaName = new Map(state.setup.areas.map((a) => [a.id, a.name]));
  const objName = new Map(state.setup.objectives.map((o) => [o.id, o.name]));
  const legal = legalActions(state);
  const label = (a: Action): string => {
    if (a.type === 'move') return `Move ${name.get(a.member)} to ${areaName.get(a.to) ?? a.to}`;
    if (a.type === 'interact')
      return `${name.get(a.member)} works on ${objName.get(a.objective) ?? a.objective}`;
    if (a.type === 'hold') return `${name.get(a.member)} holds`;
    return a.type;
  };
  const simple = (type: Action['type']): SimpleChoice[] =>
    legal.filter((a) => a.type === type).map((action) => ({ label: label(action), action }));
  const attackers = new Map<string, AttackerChoice>();
  const memberArea = new Map<string, string>();
  state.setup.sides
    .flatMap((s) => s.members)
    .forEach((m, i) => memberArea.set(m.key, state.setup.areas[state.area[i]!]!.name));
  for (const a of legal) {
    if (a.type !== 'clash') continue;
    for (const { attacker, target } of a.attacks) {
      let entry = attackers.get(attacker);
      if (!entry) {
        entry = {
          key: attacker,
          name: name.get(attacker) ?? attacker,
          area: memberArea.get(attacker) ?? '',
          targets: [],
        };
        attackers.set(attacker, entry);
      }
      if (!entry.targets.some((t) => t.key === target))
        entry.targets.push({ key: target, name: name.get(target) ?? target });
    }
  }
  return {
    side: d.side,
    attackers: [...attackers.values()],
    moves: simple('move'),
    interacts: simple('interact'),
    holds: simple('hold'),
  };
}

/** Groups of picked attackers that could form a Swarm: ≥ `swarm.minSize` on one target (R6.1). */
export function swarmCandidates(state: BattleState, picks: Record<MemberKey, MemberKey>): MemberKey[][] {
  const byTarget = new Map<MemberKey, MemberKey[]>();
  for (const [a, t] of Object.entries(picks)) byTarget.set(t, [...(byTarget.get(t) ?? []), a]);
  return [...byTarget.values()].filter((g) => g.length >= state.setup.ruleset.swarm.minSize);
}

/**
 * The Clash of the picked attacker → target pairs (declaration order = `order`), with the Swarms
 * of {@link swarmCandidates} when `swarm` is set. `action/illegal` carries the engine's reason.
 */
export function buildClash(
  state: BattleState,
  side: string,
  order: MemberKey[],
  picks: Record<MemberKey, MemberKey>,
  swarm: boolean,
): Result<Action> {
  const attacks = order
    .filter((a) => picks[a] !== undefined)
    .map((attacker) => ({ attacker, target: picks[attacker]! }));
  if (attacks.length === 0)
    return err('action/empty', 'Pick at least one attacker and its target, then declare the Clash.');
  const action: Action = { type: 'clash', side, attacks };
  if (swarm) {
    const swarms = swarmCandidates(state, picks);
    if (swarms.length === 0)
      return err(
        'action/illegal',
        `A Swarm needs at least ${state.setup.ruleset.swarm.minSize} attackers on the same target (R6.1).`,
      );
    action.swarms = swarms;
  }
  const check = checkAction(state, action);
  return check.ok ? ok(action) : check;
}

/** Odds of one attacker/target pair if the given defender rolls. */
export interface PairLine {
  attackers: string;
  mode: 'single' | 'swarm' | 'group';
  odds: PairOdds | null;
}

/** A friend that may intercept for a target (R3.3), with the exact odds of its pairs. */
export interface InterceptorChoice {
  key: MemberKey;
  name: string;
  pairs: PairLine[];
}

/** One targeted member of a pending Clash: who attacks it, whether it may defend, the exact odds. */
export interface ResponseChoice {
  target: MemberKey;
  name: string;
  canDefend: boolean;
  pairs: PairLine[];
  /** Eligible interceptors (empty unless the ruleset has `clash.interception: true`). */
  interceptors: InterceptorChoice[];
}

/** The user's response for one target: defend, absorb, or intercept with a friend (R3.2, R3.3). */
export type ResponsePick = 'defend' | 'absorb' | { interceptor: MemberKey };

/** The targets of the pending Clash with their pair odds, or null when no response is due. */
export function responseChoices(state: BattleState): ResponseChoice[] | null {
  const d = currentDecision(state);
  if (d === null || d.kind !== 'respond' || state.pending === null) return null;
  const keys = state.setup.sides.flatMap((s) => s.members.map((m) => m.key));
  const name = names(state);
  const targets = [...new Set(state.pending.pairs.map((p) => p.target))];
  const absorbAll: Record<MemberKey, 'defend' | 'absorb'> = Object.fromEntries(
    targets.map((t) => [keys[t]!, 'absorb' as const]),
  );
  // Eligible interceptors as the engine lists them (legalActions offers each single interception).
  const intercepts = new Map<MemberKey, MemberKey[]>();
  if (state.setup.ruleset.clash.interception) {
    for (const a of legalActions(state)) {
      if (a.type !== 'respond' || a.interceptors === undefined) continue;
      for (const [t, i] of Object.entries(a.interceptors)) {
        const list = intercepts.get(t) ?? [];
        if (!list.includes(i)) list.push(i);
        intercepts.set(t, list);
      }
    }
  }
  return targets.map((t) => {
    const key = keys[t]!;
    const defend: Action = { type: 'respond', side: d.side, responses: { ...absorbAll, [key]: 'defend' } };
    const mine = state.pending!.pairs.filter((p) => p.target === t);
    const linesFor = (defender: MemberKey): PairLine[] =>
      mine.map((p) => ({
        attackers: p.attackers.map((a) => name.get(keys[a]!) ?? keys[a]!).join(' + '),
        mode: p.mode,
        odds: battlePairOdds(
          state,
          p.attackers.map((a) => keys[a]!),
          defender,
          p.mode,
        ),
      }));
    return {
      target: key,
      name: name.get(key) ?? key,
      canDefend: checkAction(state, defend).ok,
      pairs: linesFor(key),
      interceptors: (intercepts.get(key) ?? []).map((i) => ({
        key: i,
        name: name.get(i) ?? i,
        pairs: linesFor(i),
      })),
    };
  });
}

/** The respond action for the user's picks (unpicked targets absorb; interceptions as picked). */
export function buildResponse(state: BattleState, picks: Record<MemberKey, ResponsePick>): Result<Action> {
  const d = currentDecision(state);
  const choices = responseChoices(state);
  if (d === null || choices === null) return err('action/illegal', 'No response is due now.');
  const responses: Record<MemberKey, 'defend' | 'absorb'> = {};
  const interceptors: Record<MemberKey, MemberKey> = {};
  for (const c of choices) {
    const pick = picks[c.target] ?? 'absorb';
    if (typeof pick === 'object') interceptors[c.target] = pick.interceptor;
    else responses[c.target] = pick;
  }
  const action: Action = { type: 'respond', side: d.side, responses };
  if (Object.keys(interceptors).length > 0) action.interceptors = interceptors;
  const check = checkAction(state, action);
  return check.ok ? ok(action) : check;
}

/** The Swarm members the responding side may pick to take the loss (R6.3), as one-click choices. */
export function swarmLossChoices(state: BattleState): SimpleChoice[] {
  const d = currentDecision(state);
  if (d === null || d.kind !== 'swarmLoss') return [];
  const name = names(state);
  return legalActions(state)
    .filter((a): a is Extract<Action, { type: 'swarmLoss' }> => a.type === 'swarmLoss')
    .map((action) => ({ label: `${name.get(action.member) ?? action.member} takes the loss`, action }));
}
