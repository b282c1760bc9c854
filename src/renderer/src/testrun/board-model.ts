/**
 * What the Area board shows (issue 5, "Play"): per Area its members (die, Health, current max
 * roll, activated, Last Stand, incapacitated), its objectives with progress and holders, links.
 * Pure: a function of the battle state only.
 */
import { maxRoll } from '../../../shared/engine';
import type { BattleState } from '../../../shared/engine';
import { FLAG } from '../../../shared/engine/types';

/** One member card. */
export interface MemberView {
  key: string;
  name: string;
  side: string;
  sideIndex: 0 | 1;
  die: string;
  health: number;
  maxHealth: number;
  /** Current max roll (R1.4, R7.2). */
  maxRoll: number;
  captain: boolean;
  activated: boolean;
  lastStand: boolean;
  incapacitated: boolean;
  fled: boolean;
}

/** One objective in an Area. */
export interface ObjectiveView {
  id: string;
  name: string;
  kind: string;
  points: number;
  /** Interact progress per side: [side name, progress, required]; empty for other kinds. */
  progress: [string, number, number][];
  /** Side names holding it now (control, reach) or having scored it (others). */
  heldBy: string[];
}

/** One Area card. */
export interface AreaView {
  id: string;
  name: string;
  /** Names of the Areas a move may reach, or null when any Area may be reached (R8.2). */
  links: string[] | null;
  contested: boolean;
  members: MemberView[];
  objectives: ObjectiveView[];
}

/** The board: round, points per side, Areas in scenario order. */
export interface BoardView {
  round: number;
  rounds: number;
  points: [string, number][];
  areas: AreaView[];
}

const active = (s: BattleState, m: number): boolean => (s.flags[m]! & (FLAG.incapacitated | FLAG.fled)) === 0;

/** The board of `state`. */
export function boardOf(state: BattleState): BoardView {
  const setup = state.setup;
  const members: MemberView[] = [];
  setup.sides.forEach((side, si) =>
    side.members.forEach((m) => {
      const i = members.length;
      const lastStand = (state.flags[i]! & FLAG.lastStand) !== 0;
      members.push({
        key: m.key,
        name: m.name,
        side: side.name,
        sideIndex: si as 0 | 1,
        die: m.die,
        health: state.health[i]!,
        maxHealth: m.maxHealth,
        maxRoll: maxRoll(setup.ruleset, m.sides, m.maxHealth - state.health[i]!, lastStand),
        captain: m.captain,
        activated: state.used[i]! > 0,
        lastStand,
        incapacitated: (state.flags[i]! & FLAG.incapacitated) !== 0,
        fled: (state.flags[i]! & FLAG.fled) !== 0,
      });
    }),
  );
  const areaName = new Map(setup.areas.map((a) => [a.id, a.name]));
  const areas = setup.areas.map((area, ai): AreaView => {
    const here = members.filter((_, i) => state.area[i] === ai);
    const standing = (side: number): number[] =>
      members
        .map((_, i) => i)
        .filter((i) => state.area[i] === ai && members[i]!.sideIndex === side && active(state, i));
    const objectives = setup.objectives
      .map((o, oi) => ({ o, oi }))
      .filter(({ o }) => o.area === area.id)
      .map(({ o, oi }): ObjectiveView => {
        const required = o.kind === 'interact' ? Math.max(1, o.progress ?? 1) : 0;
        let heldBy: string[];
        if (o.kind === 'reach')
          heldBy = setup.sides.filter((_, si) => standing(si).length > 0).map((s) => s.name);
        else if (o.kind === 'control') {
          const score = (si: number): number =>
            standing(si).reduce(
              (t, i) =>
                t +
                (o.by === 'value'
                  ? setup.sides[si]!.members[i - (si === 0 ? 0 : setup.sides[0].members.length)]!.sides
                  : 1),
              0,
            );
          const [a, b] = [score(0), score(1)];
          heldBy = a > b ? [setup.sides[0].name] : b > a ? [setup.sides[1].name] : [];
        } else heldBy = setup.sides.filter((_, si) => state.scored[oi * 2 + si]! > 0).map((s) => s.name);
        return {
          id: o.id,
          name: o.name,
          kind: o.kind,
          points: o.points ?? 1,
          progress:
            o.kind === 'interact'
              ? setup.sides.map(
                  (s, si) => [s.name, state.progress[oi * 2 + si]!, required] as [string, number, number],
                )
              : [],
          heldBy,
        };
      });
    return {
      id: area.id,
      name: area.name,
      links: area.links === null ? null : area.links.map((l) => areaName.get(l) ?? l),
      contested: standing(0).length > 0 && standing(1).length > 0,
      members: here,
      objectives,
    };
  });
  return {
    round: state.round,
    rounds: setup.rounds,
    points: setup.sides.map((s, si) => [s.name, state.points[si]!] as [string, number]),
    areas,
  };
}
