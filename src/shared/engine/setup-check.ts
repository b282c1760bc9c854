/**
 * Checks a `BattleSetup` that did not come from `buildSetup` (one stored in a battle log read from
 * disk): every field the engine reads has the right shape, so a damaged or hand-edited log is
 * refused with a message instead of crashing the engine. Knobs, effects and objectives are checked
 * with the same schemas as workspace documents.
 */
import { CORE_RULESET } from '../model/ruleset-defaults';
import { DICE } from '../model/types';
import { validators } from '../validation/compiled-schemas';
import type { CompiledValidator } from '../validation/compiled-schemas';
import { dieSides } from './setup';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown, min: number, max: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** The first schema error of `data` as "path: message", or null when it is valid. */
function schemaError(validate: CompiledValidator | undefined, data: unknown): string | null {
  if (validate === undefined || validate(data)) return null;
  const e = validate.errors?.[0];
  return e === undefined ? 'does not match its schema' : `${e.instancePath || '/'} ${e.message ?? e.keyword}`;
}

/** Every knob path of the core ruleset with its JS type. */
function leaves(value: unknown, path: string[] = []): [string[], string][] {
  if (isObj(value)) return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [[path, Array.isArray(value) ? 'array' : typeof value]];
}
const KNOB_LEAVES = leaves(CORE_RULESET);

function knobsProblem(knobs: unknown): string | null {
  if (!isObj(knobs)) return 'ruleset must be the resolved knobs';
  for (const [path, type] of KNOB_LEAVES) {
    let v: unknown = knobs;
    for (const k of path) v = isObj(v) ? v[k] : undefined;
    if ((Array.isArray(v) ? 'array' : typeof v) !== type) return `ruleset knob '${path.join('.')}' is missing or not a ${type}`;
  }
  const bad = schemaError(validators.ruleset, { kind: 'ruleset', schemaVersion: 1, id: 'battle-log', ...knobs });
  return bad === null ? null : `ruleset knobs: ${bad}`;
}

function effectsProblem(effects: unknown, where: string): string | null {
  if (!Array.isArray(effects) || !effects.every((e) => isObj(e) && isStr(e.source) && isObj(e.effect))) return `${where}: effects must be a list of {effect, source}`;
  const bad = schemaError(validators.abilities, { kind: 'abilities', schemaVersion: 1, abilities: [{ id: 'battle-log', name: 'x', effects: effects.map((e) => (e as Obj).effect) }] });
  return bad === null ? null : `${where}: effects ${bad}`;
}

function memberProblem(m: unknown, side: Obj, areas: Set<string>): string | null {
  if (!isObj(m) || !isStr(m.id)) return `side '${String(side.id)}': every member needs an id`;
  const where = `member '${m.id}' of side '${String(side.id)}'`;
  if (m.key !== `${String(side.id)}:${m.id}`) return `${where}: key must be '${String(side.id)}:${m.id}'`;
  if (!isStr(m.name) || !isStr(m.type) || !isStr(m.baseType)) return `${where}: name, type and baseType must be text`;
  if (!(DICE as readonly unknown[]).includes(m.die) || m.sides !== dieSides(String(m.die))) return `${where}: die must be one of ${DICE.join(', ')} with its number of sides`;
  if (!isInt(m.maxHealth, 1, 1000) || typeof m.captain !== 'boolean' || typeof m.ranged !== 'boolean') return `${where}: maxHealth (≥ 1), captain and ranged must be set`;
  if (m.reach !== undefined && typeof m.reach !== 'boolean') return `${where}: reach must be true or false`;
  if (typeof m.cost !== 'number' || !Number.isFinite(m.cost)) return `${where}: cost must be a number`;
  if (!isStr(m.startArea) || !areas.has(m.startArea)) return `${where}: startArea must be one of the Areas`;
  return effectsProblem(m.effects, where);
}

function sideProblem(side: unknown, areas: Set<string>, keys: Set<string>): string | null {
  if (!isObj(side) || !isStr(side.id) || !isStr(side.name) || !isStr(side.crewId) || !isStr(side.crewName) || typeof side.npc !== 'boolean') return 'each side needs id, name, crewId, crewName and npc';
  if (!Array.isArray(side.members) || side.members.length === 0) return `side '${side.id}' needs members`;
  for (const m of side.members) {
    const bad = memberProblem(m, side, areas);
    if (bad !== null) return bad;
    const key = String((m as Obj).key);
    if (keys.has(key)) return `member key '${key}' appears twice`;
    keys.add(key);
  }
  const captains = side.members.filter((m) => (m as Obj).captain === true).length;
  return captains === 1 ? null : `side '${side.id}' has ${captains} Captains; exactly one is needed (R7.1)`;
}

function areasProblem(areas: unknown): string | null {
  if (!Array.isArray(areas) || areas.length === 0) return 'areas must be a non-empty list';
  const ids = new Set<string>();
  for (const a of areas) {
    if (!isObj(a) || !isStr(a.id) || !isStr(a.name) || !Array.isArray(a.tags) || !a.tags.every(isStr)) return 'each Area needs id, name and tags';
    if (ids.has(a.id)) return `Area '${a.id}' appears twice`;
    ids.add(a.id);
    const bad = effectsProblem(a.effects, `Area '${a.id}'`);
    if (bad !== null) return bad;
  }
  for (const a of areas as Obj[]) {
    if (a.links !== null && (!Array.isArray(a.links) || !a.links.every((l) => isStr(l) && ids.has(l)))) return `Area '${String(a.id)}': links must be null or a list of Area ids`;
  }
  return null;
}

/** Why `setup` is not a usable battle setup, or null when the engine can play it. Never throws. */
export function setupProblem(setup: unknown): string | null {
  if (!isObj(setup)) return 'the setup must be an object';
  if (!isStr(setup.scenarioId) || !isStr(setup.scenarioName) || !isStr(setup.rulesetId)) return 'the setup needs scenarioId, scenarioName and rulesetId';
  if (!isInt(setup.rounds, 1, 1000)) return 'rounds must be a whole number ≥ 1';
  const knobs = knobsProblem(setup.ruleset);
  if (knobs !== null) return knobs;
  const areas = areasProblem(setup.areas);
  if (areas !== null) return areas;
  const areaIds = new Set((setup.areas as Obj[]).map((a) => String(a.id)));
  const scoring = setup.scoring;
  const endWhen = setup.endWhen;
  if (!isObj(scoring) || typeof scoring.perEnemyIncapacitated !== 'number') return 'scoring.perEnemyIncapacitated must be a number';
  if (!isObj(endWhen) || typeof endWhen.allObjectivesDone !== 'boolean' || !(endWhen.points === null || typeof endWhen.points === 'number')) return 'endWhen needs allObjectivesDone and points (a number or null)';
  if (!Array.isArray(setup.sides) || setup.sides.length !== 2) return 'the setup needs exactly two sides';
  const keys = new Set<string>();
  for (const side of setup.sides) {
    const bad = sideProblem(side, areaIds, keys);
    if (bad !== null) return bad;
  }
  const [a, b] = setup.sides as Obj[];
  if (a!.id === b!.id) return 'the two sides need different ids';
  if (!Array.isArray(setup.objectives) || !setup.objectives.every((o) => isObj(o) && isStr(o.area) && areaIds.has(o.area))) return 'objectives must be a list, each in one of the Areas';
  const scenario = {
    kind: 'scenario',
    schemaVersion: 1,
    id: 'battle-log',
    name: 'x',
    areas: [...areaIds].map((id) => ({ id, name: id })),
    sides: [a, b].map((s) => ({ id: s!.id, name: 'x', deploy: [...areaIds][0] })),
    objectives: setup.objectives,
  };
  const bad = schemaError(validators.scenario, scenario);
  return bad === null ? null : `objectives or ids: ${bad}`;
}
