/**
 * What the Play board needs besides the state (issue 17, item 4): the Areas with their layout
 * hints, and, at the user's own decision, the members to highlight and the targets whose odds
 * show on hover. Pure.
 */
import { layoutHint } from '../../../shared/area-map';
import type { MapArea } from '../../../shared/area-map';
import type { BattleSetup, BattleState, MemberKey } from '../../../shared/engine';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { attackOdds, targetsOfTurn } from './board-odds';
import type { AttackOdds } from './board-odds';
import { declareChoices } from './declare-model';
import { turnChoices } from './decision-model';

/**
 * The battle's Areas for the map, each with its layout hint: the setup's own when it carries one,
 * else the scenario document's in the workspace (the hint only places the card; an Area without
 * one, or a scenario no longer in the workspace, is laid out automatically).
 */
export function mapAreasOf(setup: BattleSetup, model: WorkspaceModel | null): MapArea[] {
  const doc = model?.scenarios.get(setup.scenarioId);
  const docAreas = new Map((Array.isArray(doc?.areas) ? doc.areas : []).map((a) => [a.id, a as unknown]));
  return setup.areas.map((a) => {
    const hint = layoutHint((a as { layout?: unknown }).layout) ?? layoutHint((docAreas.get(a.id) as { layout?: unknown } | undefined)?.layout);
    return { id: a.id, name: a.name, links: a.links, ...(hint ? { layout: hint } : {}) };
  });
}

/** The board's part in the user's decision. */
export interface BoardChoices {
  /** Members the user may act with now. */
  actors: Set<MemberKey>;
  /** Enemy targets with the odds of each possible attacker (computed once, when first shown). */
  odds: Map<MemberKey, () => AttackOdds[]>;
}

const once = <T>(f: () => T): (() => T) => {
  let done: { v: T } | null = null;
  return () => (done ??= { v: f() }).v;
};

/** The board's part in the decision due in `state`, which is the user's. */
export function boardChoices(state: BattleState): BoardChoices {
  const actors = new Set<MemberKey>();
  const odds = new Map<MemberKey, () => AttackOdds[]>();
  const tc = turnChoices(state);
  if (tc !== null) {
    for (const a of tc.attackers) actors.add(a.key);
    for (const c of [...tc.moves, ...tc.interacts, ...tc.holds]) if ('member' in c.action) actors.add(c.action.member);
    for (const [target, attackers] of targetsOfTurn(tc)) odds.set(target, once(() => attackOdds(state, tc.side, attackers, target)));
    return { actors, odds };
  }
  const keys = state.setup.sides.flatMap((s) => s.members.map((m) => m.key));
  if (state.phase === 'respond' && state.pending) {
    for (const p of state.pending.pairs) actors.add(keys[p.target]!);
    return { actors, odds };
  }
  if (state.phase === 'swarmLoss' && state.pending) {
    for (const m of state.pending.lossChoices) actors.add(keys[m]!);
    return { actors, odds };
  }
  const dc = declareChoices(state);
  for (const m of dc?.members ?? []) actors.add(m.key);
  return { actors, odds };
}
