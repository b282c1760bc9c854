/**
 * The board at the timeline cursor (issue 11, item 2: "the board always shows the state at the
 * cursor"). At a decision boundary it is the engine state after those decisions; inside a
 * decision (a Clash's rolls, damage, losses…) it is the state before the decision with the
 * decision's events up to the cursor applied: Health, Last Stand, incapacitated and fled members,
 * moves, interact progress, points and the round. Pure.
 */
import { maxRoll } from '../../../shared/engine';
import type { BattleEvent, BattleSetup } from '../../../shared/engine';
import { boardOf } from './board-model';
import type { BoardView, MemberView } from './board-model';
import type { PlaySession } from './play-session';
import { decisionsAt, isBoundary } from './timeline';

/** The board shown with the cursor on event `cursor`. */
export function boardAt(s: PlaySession, cursor: number): BoardView {
  if (s.events.length === 0 || cursor < 0) return boardOf(s.states[0]!);
  if (isBoundary(s, cursor)) return boardOf(s.states[decisionsAt(s, cursor)]!);
  const d = s.producedBy[cursor]!;
  if (d < 0) return boardOf(s.states[0]!);
  let from = cursor;
  while (from > 0 && s.producedBy[from - 1] === d) from--;
  return applyEvents(boardOf(s.states[d]!), s.setup, s.events.slice(from, cursor + 1));
}

/** `board` with `events` applied in order (a copy; `board` is not changed). */
export function applyEvents(board: BoardView, setup: BattleSetup, events: readonly BattleEvent[]): BoardView {
  const members = new Map<string, MemberView>();
  const areaOf = new Map<string, number>();
  const areas = board.areas.map((a, ai) => ({
    ...a,
    members: a.members.map((m) => {
      const copy = { ...m };
      members.set(m.key, copy);
      areaOf.set(m.key, ai);
      return copy;
    }),
    objectives: a.objectives.map((o) => ({ ...o, progress: o.progress.map((p) => [...p] as [string, number, number]) })),
  }));
  const points = board.points.map((p) => [...p] as [string, number]);
  let round = board.round;
  const profile = new Map(setup.sides.flatMap((side) => side.members.map((m) => [m.key, m] as const)));
  const sideName = new Map(setup.sides.map((side) => [side.id, side.name]));
  const memberSide = new Map(setup.sides.flatMap((side) => side.members.map((m) => [m.key, side.name] as const)));
  const setHealth = (key: string, health: number): void => {
    const m = members.get(key);
    const p = profile.get(key);
    if (!m || !p) return;
    m.health = health;
    m.maxRoll = maxRoll(setup.ruleset, p.sides, p.maxHealth - health, m.lastStand);
  };
  for (const e of events) {
    switch (e.type) {
      case 'roundStarted':
        round = e.round;
        break;
      case 'damage':
      case 'regenerated':
        setHealth(e.member, e.health);
        break;
      case 'lastStand': {
        const m = members.get(e.member);
        if (m) {
          m.lastStand = true;
          setHealth(e.member, m.health);
        }
        break;
      }
      case 'incapacitated':
      case 'fled': {
        const m = members.get(e.member);
        if (m) m[e.type === 'fled' ? 'fled' : 'incapacitated'] = true;
        break;
      }
      case 'moved': {
        const m = members.get(e.member);
        const from = areaOf.get(e.member);
        const to = areas.findIndex((a) => a.id === e.to);
        if (!m || from === undefined || to < 0 || to === from) break;
        areas[from]!.members = areas[from]!.members.filter((x) => x.key !== e.member);
        areas[to]!.members = [...areas[to]!.members, m];
        areaOf.set(e.member, to);
        break;
      }
      case 'interacted': {
        const side = memberSide.get(e.member);
        for (const a of areas)
          for (const o of a.objectives)
            if (o.id === e.objective) for (const p of o.progress) if (p[0] === side) p[1] = e.progress;
        break;
      }
      case 'progressReset': {
        const side = sideName.get(e.side);
        for (const a of areas)
          for (const o of a.objectives)
            if (o.id === e.objective) for (const p of o.progress) if (p[0] === side) p[1] = 0;
        break;
      }
      case 'scored': {
        const side = sideName.get(e.side);
        for (const p of points) if (p[0] === side) p[1] = e.total;
        break;
      }
      default:
        break;
    }
  }
  for (const a of areas) {
    const standing = (si: number): boolean => a.members.some((m) => m.sideIndex === si && !m.incapacitated && !m.fled);
    a.contested = standing(0) && standing(1);
  }
  return { ...board, round, points, areas };
}
