/**
 * A fast-check generator of small valid workspaces that use every kind of reference: crews
 * with homebrew types, abilities and items; scenarios with links, deployment, member
 * deployment and member objectives; rulesets extending each other; a campaign with a battle and
 * fled members; balance checks whose assertions name objectives, sides and members. Ids are
 * drawn from small shared pools, so the same id is often a member, an Area and an objective at
 * once (scoping is exercised), and every scalar is written plain, single- or double-quoted,
 * every collection block or flow, at random.
 */
import fc from 'fast-check';
import { Document, isCollection, visit } from 'yaml';

const IDS = ['gate', 'core', 'warden', 'ash', 'bloom', 'spire', 'north', 'keen-eye', 'rust', 'hold'] as const;
const BUILTIN = ['survivor', 'machine', 'mutant'] as const;

/** The plain data of a generated workspace, before it is written as YAML. */
export interface WorkspaceShape {
  docs: { path: string; data: Record<string, unknown> }[];
}

const pick = <T,>(list: readonly T[], n: number): T => list[n % list.length];
const unique = (ns: number[], pool: readonly string[], prefix = ''): string[] => [...new Set(ns.map((n) => prefix + pick(pool, n)))];

function build(r: number[]): WorkspaceShape {
  let k = 0;
  const next = (): number => r[k++ % r.length];
  const abilityIds = unique([next(), next()], IDS, 'ab-');
  const itemIds = unique([next(), next()], IDS, 'it-');
  const typeId = `type-${pick(IDS, next())}`;
  const crewIds = unique([next(), next() + 1, next() + 2], IDS, 'crew-');
  const docs: WorkspaceShape['docs'] = [];
  docs.push({ path: 'lib/abilities.yaml', data: { kind: 'abilities', schemaVersion: 1, abilities: abilityIds.map((id) => ({ id, name: id, effects: [{ rollModifier: 1, when: { opponentType: typeId } }] })) } });
  docs.push({ path: 'lib/equipment.yaml', data: { kind: 'equipment', schemaVersion: 1, items: itemIds.map((id) => ({ id, name: id, cost: 1, effects: [{ armor: 1, when: { area: 'gate' } }] })) } });
  docs.push({ path: 'types/t.yaml', data: { kind: 'crewType', schemaVersion: 1, id: typeId, name: 'T', base: 'survivor', dice: ['d4', 'd6', 'd8'], health: { min: 1, max: 3 }, abilities: [abilityIds[0]] } });
  const members = new Map<string, string[]>();
  crewIds.forEach((crewId, c) => {
    const ids = unique([next(), next(), next()], IDS);
    members.set(crewId, ids);
    docs.push({
      path: `crews/c${c}.yaml`,
      data: {
        kind: 'crew',
        schemaVersion: 1,
        id: crewId,
        name: crewId,
        members: ids.map((id, i) => ({
          id,
          name: id,
          type: next() % 2 ? typeId : pick(BUILTIN, next()),
          die: 'd6',
          health: 2,
          ...(i === 0 ? { captain: true } : {}),
          abilities: [pick(abilityIds, next())],
          equipment: [pick(itemIds, next())],
          ...(next() % 2 ? { rules: [{ name: 'R', effects: [{ damage: 1, when: { opponentType: typeId } }] }] } : {}),
        })),
      },
    });
  });
  const scenarioIds = unique([next(), next() + 3], IDS, 'sc-');
  const rulesetIds = ['rs-one', 'rs-two'];
  docs.push({ path: 'rulesets/one.yaml', data: { kind: 'ruleset', schemaVersion: 1, id: rulesetIds[0], extends: 'core', clash: { tie: 'defender' } } });
  docs.push({ path: 'rulesets/two.yaml', data: { kind: 'ruleset', schemaVersion: 1, id: rulesetIds[1], extends: rulesetIds[0] } });
  const scenarios: { id: string; sides: string[]; crews: string[]; objectives: string[] }[] = [];
  scenarioIds.forEach((sid, s) => {
    const areas = unique([next(), next(), next(), next()], IDS);
    while (areas.length < 2) areas.push(`area-${areas.length}`);
    const linked = next() % 2 === 0;
    const sideIds = next() % 2 ? ['a', 'b'] : unique([next(), next() + 5], IDS);
    if (sideIds.length < 2) sideIds.push(sideIds[0] === 'b' ? 'a' : 'b');
    const crews = [pick(crewIds, s), pick(crewIds, s + 1)];
    const sides = sideIds.map((id, i) => {
      const own = members.get(crews[i])!;
      return { id, name: id, deploy: pick(areas, i), crew: crews[i], ...(next() % 2 ? { deployMembers: { [pick(own, next())]: pick(areas, next()) } } : {}) };
    });
    const objectiveIds = unique([next(), next()], IDS, 'ob-');
    const bothHave = (m: string): boolean => members.get(crews[0])!.includes(m) && members.get(crews[1])!.includes(m);
    const target = pick(members.get(crews[1])!, next());
    const objectives = objectiveIds.map((id, i) => {
      const area = pick(areas, next());
      if (i === 1) return { id, name: id, area, kind: 'eliminate', member: bothHave(target) || next() % 2 ? `${sideIds[1]}:${target}` : target, points: 1 };
      return { id, name: id, area, kind: next() % 2 ? 'reach' : 'control', side: pick(sideIds, next()), points: 1 };
    });
    scenarios.push({ id: sid, sides: sideIds, crews, objectives: objectiveIds });
    docs.push({
      path: `scenarios/s${s}.yaml`,
      data: {
        kind: 'scenario',
        schemaVersion: 1,
        id: sid,
        name: sid,
        ruleset: pick(rulesetIds, next()),
        areas: areas.map((id, i) => ({
          id,
          name: id,
          ...(linked ? { links: areas.filter((x) => x !== id) } : {}),
          ...(i === 0 ? { rules: [{ name: 'Mud', effects: [{ rollModifier: -1, when: { area: id } }] }] } : {}),
        })),
        sides,
        objectives,
      },
    });
  });
  const sc = scenarios[0];
  const fledCrew = sc.crews[0];
  docs.push({
    path: 'campaigns/camp.yaml',
    data: {
      kind: 'campaign',
      schemaVersion: 1,
      id: 'camp-one',
      name: 'Camp',
      crews: [...new Set(sc.crews)],
      scenarios: [sc.id, scenarios.at(-1)!.id],
      battles: [
        {
          scenario: sc.id,
          date: '2026-11-02',
          sides: { [sc.sides[0]]: sc.crews[0], [sc.sides[1]]: sc.crews[1] },
          winner: sc.sides[next() % 2],
          points: { [sc.sides[0]]: 1, [sc.sides[1]]: 2 },
          ruleset: rulesetIds[0],
          fled: [`${fledCrew}/${pick(members.get(fledCrew)!, next())}`],
        },
      ],
    },
  });
  const watched = pick(members.get(sc.crews[1])!, next());
  const ambiguous = members.get(sc.crews[0])!.includes(watched);
  docs.push({
    path: 'mortisphere.yaml',
    data: {
      kind: 'workspace',
      schemaVersion: 1,
      name: 'Random',
      ruleset: rulesetIds[1],
      checks: [
        {
          scenario: sc.id,
          assertions: [
            `winRate(${sc.sides[0]}) >= 0`,
            `objective(${sc.objectives[0]}).completed(${sc.sides[1]}) >= 0`,
            ambiguous ? `incapacitated(${sc.sides[1]}, ${watched}) <= 100%` : `incapacitated(${watched}) <= 100%`,
          ],
        },
      ],
    },
  });
  return { docs };
}

/** Writes data as YAML with the scalar and collection styles chosen by `styles`. */
export function writeYaml(data: unknown, styles: number[]): string {
  const doc = new Document(data);
  let i = 0;
  const style = (): number => styles[i++ % styles.length];
  visit(doc, {
    Scalar(key, node) {
      if (key === 'key' || typeof node.value !== 'string' || node.value === 'kind') return;
      const s = style() % 4;
      node.type = s === 1 ? 'QUOTE_SINGLE' : s === 2 ? 'QUOTE_DOUBLE' : 'PLAIN';
    },
    Map(_key, node) {
      if (isCollection(node) && style() % 3 === 0) node.flow = true;
    },
    Seq(_key, node) {
      if (style() % 2 === 0) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/** A random valid workspace: path → YAML text. */
export const arbitraryWorkspace = fc
  .tuple(fc.array(fc.nat(1000), { minLength: 40, maxLength: 80 }), fc.array(fc.nat(1000), { minLength: 20, maxLength: 60 }))
  .map(([r, styles]) => Object.fromEntries(build(r).docs.map((d) => [d.path, writeYaml(d.data, styles)])) as Record<string, string>);
