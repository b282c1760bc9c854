/**
 * Builds a `BattleSetup` from validated workspace documents: the scenario, two crews (the
 * scenario's defaults or chosen), the resolved ruleset and the type/ability/equipment libraries.
 */
import type { CrewDoc, DieName, Effect, Member, ScenarioDoc, SpecialRule } from '../model/types';
import { BUILTIN_TYPES, DICE, EFFECT_KEYS } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { err, ok } from '../result';
import type { Result } from '../result';
import { resolveRuleset } from './ruleset';
import type { BattleSetup, SetupArea, SetupMember, SetupSide, SourcedEffect } from './types';

/** Options of `buildSetup`: the scenario id, optional crew ids per side, optional ruleset id. */
export interface BuildOptions {
  scenario: string;
  crews?: [string, string];
  ruleset?: string;
}

/** Number of sides of an Existence Die name (R1.1); 0 when not a die. */
export function dieSides(die: string): number {
  return (DICE as readonly string[]).includes(die) ? Number(die.slice(1)) : 0;
}

const list = <T>(x: T[] | undefined | null): T[] => (Array.isArray(x) ? x : []);

/** What granted an effect, by document id: an ability, an item, a member's special rule or an Area rule. */
export interface EffectOrigin {
  kind: 'ability' | 'item' | 'specialRule' | 'areaRule';
  id: string;
}

/**
 * The origin of each effect of a setup built in this process (rule coverage reports by id). Kept
 * beside the setup, not in it, so setups and battle logs stay as they were; a setup read back
 * from JSON has none (coverage then names sources by their names).
 */
const origins = new WeakMap<SourcedEffect, EffectOrigin>();

/** The origin of an effect of a setup built by {@link buildSetup} in this process, if known. */
export const effectOrigin = (e: SourcedEffect): EffectOrigin | undefined => origins.get(e);

/** A rule name as an id: lower case, words joined by '-' ("Toxic Fog" → `toxic-fog`). */
export const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'rule';

const sourced = (effects: Effect[] | undefined, source: string, origin: EffectOrigin): SourcedEffect[] =>
  list(effects)
    .filter((e) => e !== null && typeof e === 'object')
    .map((effect) => {
      const e = { effect, source };
      origins.set(e, origin);
      return e;
    });

const NUMERIC = new Set(['rollModifier', 'damage', 'armor', 'extraActions', 'regenerate', 'progressBonus', 'initiative']);

/**
 * Why an effect is outside the closed vocabulary of R11 (no known key, two keys, or a value of
 * the wrong kind), or null when it is fine. The engine refuses such effects instead of
 * ignoring them (R11: "an unknown effect is a validation error, never ignored").
 */
export function effectProblem(e: unknown): string | null {
  if (e === null || typeof e !== 'object' || Array.isArray(e)) return 'an effect must be a mapping such as {rollModifier: 1}';
  const keys = Object.keys(e).filter((k) => k !== 'when');
  const known = keys.filter((k) => (EFFECT_KEYS as readonly string[]).includes(k));
  if (known.length !== 1 || keys.length !== 1) return `effect {${keys.join(', ')}} must have exactly one effect key out of ${EFFECT_KEYS.join(', ')}`;
  const key = known[0]!;
  const v = (e as Record<string, unknown>)[key];
  if (NUMERIC.has(key)) return typeof v === 'number' && Number.isFinite(v) ? null : `effect '${key}' needs a number, not ${JSON.stringify(v)}`;
  if (key === 'reroll') return v === 'once' ? null : `effect 'reroll' must be 'once'`;
  if (key === 'blast' || key === 'firstStrike') return v === true ? null : `effect '${key}' must be true`;
  if (key === 'swarm') return v === 'never' || v === 'always' ? null : `effect 'swarm' must be 'never' or 'always'`;
  return typeof v === 'string' && dieSides(v) > 0 ? null : `effect '${key}' needs an Existence Die (${DICE.join(', ')}), not ${JSON.stringify(v)}`;
}

/** The first effect problem of a list, named after its source, or null. */
function effectsProblem(effects: SourcedEffect[]): string | null {
  for (const e of effects) {
    const problem = effectProblem(e.effect);
    if (problem !== null) return `${e.source}: ${problem}; fix or remove it`;
  }
  return null;
}

const ruleEffects = (rules: SpecialRule[] | undefined, where: string, areaId?: string): SourcedEffect[] =>
  list(rules).flatMap((r) => {
    const slug = slugOf(String(r?.name ?? 'rule'));
    const origin: EffectOrigin = areaId === undefined ? { kind: 'specialRule', id: slug } : { kind: 'areaRule', id: `${areaId}/${slug}` };
    return sourced(r?.effects, `${r?.name ?? 'rule'} (${where})`, origin);
  });

function buildMember(model: WorkspaceModel, crew: CrewDoc, m: Member, sideId: string, deploy: string, scenario: ScenarioDoc): Result<SetupMember> {
  const where = `crew '${crew.id}', member '${m.id}'`;
  const sides = dieSides(m.die);
  if (sides === 0) return err('setup/invalid', `${where}: die ${String(m.die)} is not an Existence Die (${DICE.join(', ')}); pick one of them`);
  if (!Number.isInteger(m.health) || m.health < 1) return err('setup/invalid', `${where}: health ${String(m.health)} must be a whole number ≥ 1; fix the profile`);
  let baseType = m.type;
  const effects: SourcedEffect[] = [];
  const abilityIds = [...list(m.abilities)];
  if (!(BUILTIN_TYPES as readonly string[]).includes(m.type)) {
    const ct = model.crewTypes.get(m.type);
    if (ct === undefined) return err('setup/unknown-id', `${where}: type '${m.type}' is neither a built-in type (${BUILTIN_TYPES.join(', ')}) nor a crewType id; define it or pick a built-in type`);
    baseType = ct.base;
    for (const a of list(ct.abilities)) if (!abilityIds.includes(a)) abilityIds.push(a);
  }
  for (const id of abilityIds) {
    const ability = model.abilities.get(id);
    if (ability === undefined) return err('setup/unknown-id', `${where}: ability '${id}' is not in any abilities library; add it or remove the reference`);
    effects.push(...sourced(ability.effects, `${ability.name} (ability)`, { kind: 'ability', id }));
  }
  let cost = sides;
  let ranged = false;
  let reach = false;
  for (const id of list(m.equipment)) {
    const item = model.equipment.get(id);
    if (item === undefined) return err('setup/unknown-id', `${where}: equipment '${id}' is not in any equipment library; add it or remove the reference`);
    cost += item.cost ?? 0;
    ranged ||= item.ranged === true;
    reach ||= list(item.tags).includes('reach');
    effects.push(...sourced(item.effects, `${item.name} (equipment)`, { kind: 'item', id }));
  }
  effects.push(...ruleEffects(m.rules, 'special rule'));
  const bad = effectsProblem(effects);
  if (bad !== null) return err('setup/invalid', `${where}: ${bad}`);
  const startArea = deploy;
  if (!scenario.areas.some((a) => a.id === startArea)) {
    return err('setup/unknown-id', `scenario '${scenario.id}', side '${sideId}': deployment Area '${startArea}' for member '${m.id}' does not exist; use one of ${scenario.areas.map((a) => a.id).join(', ')}`);
  }
  const member: SetupMember = {
    key: `${sideId}:${m.id}`,
    id: m.id,
    name: m.name,
    type: m.type,
    baseType,
    die: m.die as DieName,
    sides,
    maxHealth: m.health,
    captain: m.captain === true,
    effects,
    ranged,
    cost,
    startArea,
  };
  // Only set when true, so setups without `reach` equipment keep their shape.
  if (reach) member.reach = true;
  return ok(member);
}

function buildSide(model: WorkspaceModel, scenario: ScenarioDoc, index: number, crewId: string | undefined): Result<SetupSide> {
  const side = scenario.sides[index]!;
  if (crewId === undefined) return err('setup/missing-crew', `scenario '${scenario.id}', side '${side.id}': no crew chosen and the side has no default 'crew'; choose a crew or set one in the scenario`);
  const crew = model.crews.get(crewId);
  if (crew === undefined) return err('setup/unknown-id', `crew '${crewId}' (side '${side.id}' of scenario '${scenario.id}') does not exist; pick an existing crew id`);
  if (!Array.isArray(crew.members) || crew.members.length === 0) return err('setup/invalid', `crew '${crewId}' has no members; add at least one`);
  const members: SetupMember[] = [];
  const ids = new Set<string>();
  for (const m of crew.members) {
    if (m === null || typeof m !== 'object' || typeof m.id !== 'string') return err('setup/invalid', `crew '${crewId}': every member needs an id; fix the member list`);
    if (ids.has(m.id)) return err('setup/invalid', `crew '${crewId}': member id '${m.id}' appears twice; make ids unique`);
    ids.add(m.id);
    // A member killed in a campaign's aftermath (R10.1) stays in the file but never fights again.
    if (m.status === 'dead') continue;
    const built = buildMember(model, crew, m, side.id, side.deployMembers?.[m.id] ?? side.deploy, scenario);
    if (!built.ok) return built;
    members.push(built.value);
  }
  if (members.length === 0) return err('setup/no-living-members', `crew '${crewId}' has no living members (all are 'status: dead'); it cannot fight — recruit new members or pick another crew`);
  const captains = members.filter((m) => m.captain).length;
  const deadCaptain = crew.members.find((m) => m?.captain === true && m.status === 'dead');
  if (captains === 0 && deadCaptain) return err('setup/captain-count', `crew '${crewId}': its Captain '${deadCaptain.id}' is dead; set 'captain: true' on a living member (R7.1)`);
  if (captains !== 1) return err('setup/captain-count', `crew '${crewId}' has ${captains} Captains; exactly one member must have 'captain: true' (R7.1)`);
  return ok({ id: side.id, name: side.name, crewId, crewName: crew.name, npc: crew.npc === true, members });
}

/**
 * Builds the normalised setup of one battle. Ruleset precedence: `options.ruleset`, then the
 * scenario's `ruleset`, then the workspace's, then `core`. Errors name the missing id:
 * `setup/unknown-id`, `setup/missing-crew`, `setup/captain-count`, `setup/invalid`.
 */
export function buildSetup(model: WorkspaceModel, options: BuildOptions): Result<BattleSetup> {
  const scenario = model.scenarios.get(options.scenario);
  if (scenario === undefined) return err('setup/unknown-id', `scenario '${options.scenario}' does not exist; pick an existing scenario id`);
  if (!Array.isArray(scenario.sides) || scenario.sides.length !== 2 || scenario.sides.some((x) => x === null || typeof x !== 'object')) return err('setup/invalid', `scenario '${scenario.id}' must have exactly two sides`);
  if (scenario.sides[0]!.id === scenario.sides[1]!.id) return err('setup/invalid', `scenario '${scenario.id}': both sides use id '${scenario.sides[0]!.id}'; give them different ids`);
  if (!Array.isArray(scenario.areas) || scenario.areas.length === 0 || scenario.areas.some((a) => a === null || typeof a !== 'object' || typeof a.id !== 'string')) return err('setup/invalid', `scenario '${scenario.id}' has no Areas; add at least one (R8.1)`);
  const rulesetId = options.ruleset ?? scenario.ruleset ?? model.workspace?.ruleset ?? 'core';
  const knobs = resolveRuleset(model, rulesetId);
  if (!knobs.ok) return knobs;
  const sides: SetupSide[] = [];
  for (let i = 0; i < 2; i++) {
    const s = buildSide(model, scenario, i, options.crews?.[i] ?? scenario.sides[i]!.crew);
    if (!s.ok) return s;
    sides.push(s.value);
  }
  const areaIds = new Set(scenario.areas.map((a) => a.id));
  const areas: SetupArea[] = scenario.areas.map((a) => ({
    id: a.id,
    name: a.name,
    tags: [...list(a.tags)],
    links: Array.isArray(a.links) ? a.links.filter((l) => areaIds.has(l)) : null,
    effects: ruleEffects(a.rules, `Area ${a.name}`, a.id),
  }));
  for (const a of areas) {
    const bad = effectsProblem(a.effects);
    if (bad !== null) return err('setup/invalid', `scenario '${scenario.id}', Area '${a.id}': ${bad}`);
  }
  const objectives = list(scenario.objectives).filter((o) => o !== null && typeof o === 'object').map((o) => ({ ...o }));
  for (const o of objectives) {
    if (!areaIds.has(o.area)) return err('setup/unknown-id', `scenario '${scenario.id}', objective '${o.id}': Area '${o.area}' does not exist; use one of ${[...areaIds].join(', ')}`);
  }
  return ok({
    scenarioId: scenario.id,
    scenarioName: scenario.name,
    rulesetId,
    ruleset: knobs.value,
    rounds: scenario.rounds ?? 6,
    areas,
    objectives,
    scoring: { perEnemyIncapacitated: scenario.scoring?.perEnemyIncapacitated ?? 0 },
    endWhen: { allObjectivesDone: scenario.endWhen?.allObjectivesDone ?? false, points: scenario.endWhen?.points ?? null },
    sides: [sides[0]!, sides[1]!],
  });
}
