/**
 * What the Area board shows (issue 5, "Play"): per Area its members (die, Health, current max
 * roll, activated, Last Stand, incapacitated), its objectives with progress and holders, links.
 * Pure: a function of the battle state only.
 */
import { maxRoll } from '../../../shared/engine';
import type { BattleState } from '../../../shared/engine';
import { FLAG } from '../../../shared/engine/types';
import type { Objective } from '../../../shared/model/types';

/** One member card. */
export interface MemberView {
  key: string;
  name: string;
  side: string;
  sideIndex: 0 | 1;
  die: string;
  /** Number of sides of `die` (its value for `control` by value). */
  sides: number;
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
  /**
   * Control and reach: standing strength per side in the Area, [side name, strength] (members, or
   * their dice's sides for `control` by value); empty for other kinds.
   */
  strength: [string, number][];
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

/** How a control or reach objective stands among the members in its Area (pure, shared with `applyEvents`). */
export function presenceOf(
  o: Objective,
  here: readonly MemberView[],
  sideNames: readonly string[],
): Pick<ObjectiveView, 'strength' | 'heldBy'> {
  const strength = sideNames.map(
    (name, si) =>
      [
        name,
        here
          .filter((m) => m.sideIndex === si && !m.incapacitated && !m.fled)
          .reduce((t, m) => t + (o.kind === 'control' && o.by === 'value' ? m.sides : 1), 0),
      ] as [string, number],
  );
  if (o.kind === 'reach') return { strength, heldBy: strength.filter(([, n]) => n > 0).map(([name]) => name) };
  const [a, b] = [strength[0]?.[1] ?? 0, strength[1]?.[1] ?? 0];
  return { strength, heldBy: a > b ? [sideNames[0]!] : b > a ? [sideNames[1]!] : [] };
}

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
        sides: m.sides,
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
  const sideNames = setup.sides.map((s) => s.name);
  const areaName = new Map(setup.areas.map((a) => [a.id, a.name]));
  const areas = setup.areas.map((area, ai): AreaView => {
    const here = members.filter((_, i) => state.area[i] === ai);
    const objectives = setup.objectives
      .map((o, oi) => ({ o, oi }))
      .filter(({ o }) => o.area === area.id)
      .map(({ o, oi }): ObjectiveView => {
        const required = o.kind === 'interact' ? Math.max(1, o.progress ?? 1) : 0;
        const presence =
          o.kind === 'control' || o.kind === 'reach'
            ? presenceOf(o, here, sideNames)
            : { strength: [], heldBy: sideNames.filter((_, si) => state.scored[oi * 2 + si]! > 0) };
        return {
          id: o.id,
          name: o.name,
          kind: o.kind,
          points: o.points ?? 1,
          progress:
            o.kind === 'interact'
              ? sideNames.map((name, si) => [name, state.progress[oi * 2 + si]!, required] as [string, number, number])
              : [],
          ...presence,
        };
      });
    const standing = (si: number): boolean => here.some((m) => m.sideIndex === si && !m.incapacitated && !m.fled);
    return {
      id: area.id,
      name: area.name,
      links: area.links === null ? null : area.links.map((l) => areaName.get(l) ?? l),
      contested: standing(0) && standing(1),
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
