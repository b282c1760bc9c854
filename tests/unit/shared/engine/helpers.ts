/** Test helpers for engine tests: tiny inline setups, scripted dice, action shortcuts. */
import { CORE_RULESET } from '../../../../src/shared/model/ruleset-defaults';
import type { DieName, Effect, Objective, RulesetKnobs } from '../../../../src/shared/model/types';
import { applyAction, createBattle } from '../../../../src/shared/engine';
import type { Action, BattleEvent, BattleSetup, BattleState, DiceSource, SetupArea, SetupMember } from '../../../../src/shared/engine';

/** A member spec: id and die, optional health, captain, area, effects, type. */
export interface MemberSpec {
  id: string;
  die: DieName;
  health?: number;
  captain?: boolean;
  area?: string;
  effects?: Effect[];
  type?: string;
  cost?: number;
  ranged?: boolean;
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K] };

/** Options of `mkSetup`. Areas default to one Area `field`; side ids are `a` and `b`. */
export interface SetupSpec {
  a: MemberSpec[];
  b: MemberSpec[];
  areas?: (string | Partial<SetupArea> & { id: string })[];
  rounds?: number;
  objectives?: Objective[];
  ruleset?: DeepPartial<RulesetKnobs>;
  perEnemyIncapacitated?: number;
  endWhen?: { allObjectivesDone?: boolean; points?: number | null };
  npc?: [boolean, boolean];
}

function knobs(over: DeepPartial<RulesetKnobs> = {}): RulesetKnobs {
  const k = JSON.parse(JSON.stringify(CORE_RULESET)) as RulesetKnobs;
  for (const [group, value] of Object.entries(over)) {
    const target = k as unknown as Record<string, unknown>;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) Object.assign(target[group] as object, value);
    else target[group] = value;
  }
  return k;
}

function mkMember(side: string, spec: MemberSpec, index: number, area: string): SetupMember {
  const sides = Number(spec.die.slice(1));
  return {
    key: `${side}:${spec.id}`,
    id: spec.id,
    name: spec.id,
    type: spec.type ?? 'survivor',
    baseType: spec.type ?? 'survivor',
    die: spec.die,
    sides,
    maxHealth: spec.health ?? 1,
    captain: spec.captain ?? index === 0,
    effects: (spec.effects ?? []).map((effect) => ({ effect, source: 'test' })),
    ranged: spec.ranged ?? false,
    cost: spec.cost ?? sides,
    startArea: spec.area ?? area,
  };
}

/** Builds a BattleSetup inline. The first member of each side is its Captain unless told otherwise. */
export function mkSetup(spec: SetupSpec): BattleSetup {
  const areas: SetupArea[] = (spec.areas ?? ['field']).map((a) => {
    const o = typeof a === 'string' ? { id: a } : a;
    return { id: o.id, name: o.name ?? o.id, tags: o.tags ?? [], links: o.links ?? null, effects: o.effects ?? [] };
  });
  const first = areas[0]!.id;
  const anyCaptain = (list: MemberSpec[]): boolean => list.some((m) => m.captain !== undefined);
  const side = (id: string, list: MemberSpec[], npc: boolean) => ({
    id,
    name: id === 'a' ? 'Side A' : 'Side B',
    crewId: `crew-${id}`,
    crewName: `Crew ${id}`,
    npc,
    members: list.map((m, i) => mkMember(id, anyCaptain(list) ? { ...m, captain: m.captain ?? false } : m, i, first)),
  });
  return {
    scenarioId: 'test',
    scenarioName: 'Test',
    rulesetId: 'test',
    ruleset: knobs(spec.ruleset),
    rounds: spec.rounds ?? 6,
    areas,
    objectives: spec.objectives ?? [],
    scoring: { perEnemyIncapacitated: spec.perEnemyIncapacitated ?? 0 },
    endWhen: { allObjectivesDone: spec.endWhen?.allObjectivesDone ?? false, points: spec.endWhen?.points ?? null },
    sides: [side('a', spec.a, spec.npc?.[0] ?? false), side('b', spec.b, spec.npc?.[1] ?? false)],
  };
}

/** Scripted dice: returns the given results in order and fails the test when it runs out or a result does not fit the die. */
export function scripted(rolls: number[]): DiceSource & { asked: number[]; left: () => number } {
  const queue = rolls.slice();
  const asked: number[] = [];
  return {
    asked,
    left: () => queue.length,
    roll(sides: number): number {
      asked.push(sides);
      const v = queue.shift();
      if (v === undefined) throw new Error(`scripted dice ran out (asked for a d${sides})`);
      if (v > sides) throw new Error(`scripted ${v} does not fit a d${sides}`);
      return v;
    },
  };
}

/** Starts a battle with scripted dice. */
export function start(setup: BattleSetup, rolls: number[] = [], seed = 1): BattleState {
  return createBattle(setup, seed, { dice: scripted(rolls) });
}

/** Applies actions in order, failing loudly on an illegal one; returns the final state and all events. */
export function play(state: BattleState, ...actions: Action[]): { state: BattleState; events: BattleEvent[] } {
  let s = state;
  const events: BattleEvent[] = [];
  for (const a of actions) {
    const r = applyAction(s, a);
    if (!r.ok) throw new Error(`illegal ${a.type}: ${r.error.message}`);
    s = r.value.state;
    events.push(...r.value.events);
  }
  return { state: s, events };
}

/** A Clash action: `pairs` of [attacker id, target id] for side `side` (ids without side prefix). */
export function clash(side: 'a' | 'b', pairs: [string, string][], swarms?: string[][]): Action {
  const enemy = side === 'a' ? 'b' : 'a';
  const action: Action = { type: 'clash', side, attacks: pairs.map(([x, t]) => ({ attacker: `${side}:${x}`, target: `${enemy}:${t}` })) };
  if (swarms !== undefined) action.swarms = swarms.map((l) => l.map((id) => `${side}:${id}`));
  return action;
}

/** A respond action for `side`: ids mapped to defend/absorb. */
export function respond(side: 'a' | 'b', responses: Record<string, 'defend' | 'absorb'>, interceptors?: Record<string, string>): Action {
  const r: Record<string, 'defend' | 'absorb'> = {};
  for (const [k, v] of Object.entries(responses)) r[`${side}:${k}`] = v;
  const action: Action = { type: 'respond', side, responses: r };
  if (interceptors !== undefined) {
    action.interceptors = {};
    for (const [k, v] of Object.entries(interceptors)) action.interceptors[`${side}:${k}`] = `${side}:${v}`;
  }
  return action;
}

/** Health of a member by key. */
export function hp(state: BattleState, key: string): number {
  const i = [...state.setup.sides[0].members, ...state.setup.sides[1].members].findIndex((m) => m.key === key);
  return state.health[i]!;
}

/** Flags of a member by key. */
export function flagsOf(state: BattleState, key: string): number {
  const i = [...state.setup.sides[0].members, ...state.setup.sides[1].members].findIndex((m) => m.key === key);
  return state.flags[i]!;
}

/** Events of one type. */
export function ofType<T extends BattleEvent['type']>(events: BattleEvent[], type: T): Extract<BattleEvent, { type: T }>[] {
  return events.filter((e): e is Extract<BattleEvent, { type: T }> => e.type === type);
}

/** A phase-start drop decision (R12 phased) for `side`: drop these member ids' orders (none = keep all). */
export function drop(side: 'a' | 'b', ids: string[] = []): Action {
  return { type: 'drop', side, members: ids.map((id) => `${side}:${id}`) };
}

/**
 * As `play`, for phased rounds (R12): every phase-start drop decision that the given actions do
 * not answer themselves (a `drop` action in turn) keeps all orders.
 */
export function playPhased(state: BattleState, ...actions: Action[]): { state: BattleState; events: BattleEvent[] } {
  let s = state;
  const events: BattleEvent[] = [];
  const step = (a: Action): void => {
    const r = play(s, a);
    s = r.state;
    events.push(...r.events);
  };
  const keepAll = (): void => {
    while (s.phase === 'drop') step({ type: 'drop', side: s.setup.sides[s.side]!.id, members: [] });
  };
  for (const a of actions) {
    if (a.type !== 'drop') keepAll();
    step(a);
  }
  keepAll();
  return { state: s, events };
}
