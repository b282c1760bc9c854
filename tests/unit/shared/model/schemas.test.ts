import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DOC_KINDS } from '../../../../src/shared/model/types';
import type { DocKind } from '../../../../src/shared/model/types';
import { SCHEMAS, SCHEMA_IDS, schemaFor, schemaAt } from '../../../../src/shared/model/schemas';
import type { JsonSchema } from '../../../../src/shared/model/schemas';
import { errorsOf, makeAjv } from './ajv-helper';
import { DESIGN_EXAMPLES } from './design-examples';

const example = (kind: DocKind): Record<string, unknown> => parse(DESIGN_EXAMPLES[kind]) as Record<string, unknown>;
const clone = <T>(v: T): T => structuredClone(v);

describe('schemas: registration', () => {
  it('lists common first, then one schema per document kind, each under its absolute $id', () => {
    expect(SCHEMAS[0].$id).toBe(SCHEMA_IDS.common);
    expect(SCHEMAS.map((s) => s.$id)).toEqual(Object.values(SCHEMA_IDS));
    for (const kind of DOC_KINDS) {
      expect(schemaFor(kind).$id).toBe(`https://mortisphere.studio/schemas/${kind}.schema.json`);
      expect((schemaFor(kind).properties as Record<string, JsonSchema>).kind.const).toBe(kind);
    }
  });

  it('every schema compiles in one strict draft 2020-12 ajv', () => {
    const ajv = makeAjv();
    for (const id of Object.values(SCHEMA_IDS)) expect(ajv.getSchema(id), id).toBeTypeOf('function');
  });
});

describe('schemas: help for people', () => {
  /** Walks every property schema (under `properties`) of every file. */
  function* properties(node: unknown, path: string): Generator<[string, JsonSchema]> {
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) yield* properties(n, `${path}/${i}`);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'examples' || key === 'default' || key === 'const' || key === 'enum') continue;
      if (key === 'properties' && typeof value === 'object' && value !== null) {
        for (const [name, sub] of Object.entries(value as Record<string, JsonSchema>)) {
          yield [`${path}/properties/${name}`, sub];
        }
      }
      yield* properties(value, `${path}/${key}`);
    }
  }

  it('every property has a title, a description and examples', () => {
    let count = 0;
    for (const schema of SCHEMAS) {
      for (const [path, prop] of properties(schema, schema.$id ?? '')) {
        if (path.includes('/if/')) continue; // if-conditions are not properties a person edits
        count += 1;
        expect(prop.title, path).toBeTruthy();
        expect(prop.description, path).toBeTruthy();
        expect(Array.isArray(prop.examples) && prop.examples.length > 0, path).toBe(true);
      }
    }
    expect(count).toBeGreaterThan(150);
  });

  it('every object with properties forbids unknown properties (typos cannot hide)', () => {
    const offenders: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const n = node as Record<string, unknown>;
      if (n.properties && !path.endsWith('/if') && !path.endsWith('/$defs/objective') && n.additionalProperties !== false) {
        offenders.push(path);
      }
      for (const [k, v] of Object.entries(n)) if (k !== 'examples' && k !== 'default') walk(v, `${path}/${k}`);
    };
    for (const schema of SCHEMAS) walk(schema, schema.$id ?? '');
    expect(offenders).toEqual([]);
  });
});

describe('schemas: examples and defaults are valid values', () => {
  it('every examples entry and every default validates against its own schema node', () => {
    const ajv = makeAjv();
    const failures: string[] = [];
    let checked = 0;
    const walk = (node: unknown, id: string, pointer: string): void => {
      if (typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) {
        node.forEach((n, i) => walk(n, id, `${pointer}/${i}`));
        return;
      }
      const n = node as JsonSchema;
      if ((n.examples || 'default' in n) && !pointer.includes('/if')) {
        const validate = ajv.compile({ $ref: `${id}#${pointer}` });
        for (const value of [...(n.examples ?? []), ...('default' in n ? [n.default] : [])]) {
          checked += 1;
          if (!validate(value)) failures.push(`${id}#${pointer}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
        }
      }
      for (const [k, v] of Object.entries(n)) {
        if (k !== 'examples' && k !== 'default' && k !== 'const' && k !== 'enum') walk(v, id, `${pointer}/${k}`);
      }
    };
    for (const schema of SCHEMAS) walk(schema, schema.$id ?? '', '');
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});

describe('schemas: DESIGN.md examples', () => {
  for (const kind of DOC_KINDS) {
    it(`the ${kind} example validates`, () => {
      expect(errorsOf(kind, example(kind))).toEqual([]);
    });
  }
});

describe('schemas: typical mistakes are rejected', () => {
  const crew = example('crew');
  const member = (patch: Record<string, unknown>): Record<string, unknown> => {
    const doc = clone(crew);
    Object.assign((doc.members as Record<string, unknown>[])[0], patch);
    return doc;
  };

  it('an unknown property, naming it', () => {
    const errors = errorsOf('crew', member({ helth: 3 }));
    expect(errors.some((e) => e.keyword === 'additionalProperties' && e.params.additionalProperty === 'helth')).toBe(true);
  });

  it('die d7, at the member die', () => {
    const errors = errorsOf('crew', member({ die: 'd7' }));
    expect(errors.some((e) => e.instancePath === '/members/0/die' && e.keyword === 'enum')).toBe(true);
  });

  it('health 0 and a fractional health', () => {
    expect(errorsOf('crew', member({ health: 0 })).some((e) => e.instancePath === '/members/0/health')).toBe(true);
    expect(errorsOf('crew', member({ health: 1.5 })).some((e) => e.keyword === 'type')).toBe(true);
  });

  it('bad ids (upper case, spaces, double hyphen, leading hyphen)', () => {
    for (const id of ['Iron-Choir', 'iron choir', 'iron--choir', '-iron', 'iron_choir', '']) {
      const errors = errorsOf('crew', { ...clone(crew), id });
      expect(errors.some((e) => e.instancePath === '/id' && e.keyword === 'pattern'), id).toBe(true);
    }
  });

  it('an unknown effect key, named by propertyNames', () => {
    const doc = example('abilities');
    (doc.abilities as { effects: unknown[] }[])[0].effects = [{ rollModifer: 1 }];
    const errors = errorsOf('abilities', doc);
    expect(errors.some((e) => e.keyword === 'propertyNames' && e.params.propertyName === 'rollModifer')).toBe(true);
  });

  it('two effect keys in one effect, a wrong effect value and a bad when', () => {
    const doc = example('abilities');
    const ability = (doc.abilities as { effects: unknown[] }[])[0];
    ability.effects = [{ rollModifier: 1, armor: 1 }];
    expect(errorsOf('abilities', doc).some((e) => e.keyword === 'oneOf')).toBe(true);
    ability.effects = [{ reroll: 'twice' }];
    expect(errorsOf('abilities', doc).length).toBeGreaterThan(0);
    ability.effects = [{ blast: false }];
    expect(errorsOf('abilities', doc).length).toBeGreaterThan(0);
    ability.effects = [{ armor: 1, when: { role: 'bystander' } }];
    expect(errorsOf('abilities', doc).length).toBeGreaterThan(0);
    ability.effects = [{ armor: 1, when: { role: 'defender', phase: 2 } }];
    expect(errorsOf('abilities', doc).some((e) => e.params.additionalProperty === 'phase')).toBe(true);
  });

  it('every R11 effect is accepted, with and without when', () => {
    const effects = [
      { rollModifier: -1 }, { damage: 2 }, { armor: 1 }, { reroll: 'once' }, { keepHighest: 'd6' },
      { dieOverride: 'd12' }, { blast: true }, { extraActions: 1 }, { firstStrike: true },
      { regenerate: 1 }, { progressBonus: 1 }, { swarm: 'never' }, { swarm: 'always' }, { initiative: -2 },
    ];
    const when = { role: 'attacker', opponentType: 'machine', opponentDieAtLeast: 'd8', area: 'industrial', healthAtMost: 1, inSwarm: false, roundAtLeast: 2, vsSwarm: true };
    const doc = example('abilities');
    (doc.abilities as { effects: unknown[] }[])[0].effects = [...effects, ...effects.map((e) => ({ ...e, when }))];
    expect(errorsOf('abilities', doc)).toEqual([]);
  });

  it('an objective field of the wrong kind is reported against that kind', () => {
    const doc = example('scenario');
    (doc.objectives as Record<string, unknown>[])[1] = { id: 'hold-gate', name: 'Hold', area: 'gate', kind: 'control', progress: 2 };
    const errors = errorsOf('scenario', doc);
    const wrong = errors.find((e) => e.params.additionalProperty === 'progress');
    expect(wrong?.instancePath).toBe('/objectives/1');
    // Only the matching kind's branch reports (allOf/2 is `control`): no noise from the other kinds.
    const branches = errors.filter((e) => e.keyword === 'if').map((e) => e.schemaPath);
    expect(branches).toEqual(['#/allOf/2/if']);
    expect(errors).toHaveLength(2);
  });

  it('objectives: protect needs a member; an unknown kind is an enum error', () => {
    const doc = example('scenario');
    (doc.objectives as Record<string, unknown>[])[1] = { id: 'vip', name: 'VIP', area: 'gate', kind: 'protect' };
    expect(errorsOf('scenario', doc).some((e) => e.keyword === 'required' && e.params.missingProperty === 'member')).toBe(true);
    (doc.objectives as Record<string, unknown>[])[1] = { id: 'vip', name: 'VIP', area: 'gate', kind: 'escort' };
    expect(errorsOf('scenario', doc).some((e) => e.instancePath === '/objectives/1/kind' && e.keyword === 'enum')).toBe(true);
  });

  it('every objective kind accepts exactly its own fields', () => {
    const base = { id: 'o', name: 'O', area: 'gate', points: 2, text: 't', side: 'a' };
    const objectives = [
      { ...base, kind: 'interact', progress: 2, repeatable: true, whenContested: 'roll', difficulty: 5, resetOnDamage: true },
      { ...base, kind: 'reach', once: true },
      { ...base, kind: 'control', by: 'value' },
      { ...base, kind: 'eliminate', member: 'warden-7', any: false },
      { ...base, kind: 'protect', member: 'warden-7' },
      { ...base, kind: 'survive', count: 2 },
    ];
    expect(errorsOf('scenario', { ...example('scenario'), objectives })).toEqual([]);
  });

  it('a scenario needs exactly two sides and at least one Area', () => {
    const doc = example('scenario');
    expect(errorsOf('scenario', { ...doc, sides: (doc.sides as unknown[]).slice(0, 1) }).length).toBeGreaterThan(0);
    expect(errorsOf('scenario', { ...doc, areas: [] }).length).toBeGreaterThan(0);
  });

  it('kind is a const and schemaVersion an integer ≥ 1', () => {
    expect(errorsOf('crew', { ...clone(crew), kind: 'crews' }).some((e) => e.keyword === 'const')).toBe(true);
    expect(errorsOf('crew', { ...clone(crew), schemaVersion: 0 }).length).toBeGreaterThan(0);
    expect(errorsOf('crew', { ...clone(crew), schemaVersion: '1' }).length).toBeGreaterThan(0);
  });

  it('ruleset knobs: unknown knob, out-of-range value, unknown enum value', () => {
    const doc = example('ruleset');
    expect(errorsOf('ruleset', { ...doc, clash: { ties: 'defender' } }).some((e) => e.params.additionalProperty === 'ties')).toBe(true);
    expect(errorsOf('ruleset', { ...doc, swarm: { minSize: 1 } }).some((e) => e.keyword === 'minimum')).toBe(true);
    expect(errorsOf('ruleset', { ...doc, clash: { tie: 'coinflip' } }).some((e) => e.keyword === 'enum')).toBe(true);
    expect(errorsOf('ruleset', { ...doc, turnStructure: 'phased', morale: { enabled: true, target: 5 } })).toEqual([]);
  });

  it('campaign: a bad date and a bad aftermath member are rejected; a draw is null', () => {
    const doc = example('campaign');
    const battle = (doc.battles as Record<string, unknown>[])[0];
    expect(errorsOf('campaign', { ...doc, battles: [{ ...battle, winner: null }] })).toEqual([]);
    expect(errorsOf('campaign', { ...doc, battles: [{ ...battle, date: '29/11/2026' }] }).some((e) => e.keyword === 'format')).toBe(true);
    expect(errorsOf('campaign', { ...doc, battles: [{ ...battle, aftermath: [{ member: 'ash-mother', roll: 2, outcome: 'injury' }] }] }).length).toBeGreaterThan(0);
  });
});

describe('schemaAt: help for forms and hovers', () => {
  it('follows properties, items and cross-file $refs, keeping the local help', () => {
    expect(schemaAt('crew', ['members', 0, 'die'])?.enum).toEqual(['d4', 'd6', 'd8', 'd10', 'd12', 'd20']);
    expect(schemaAt('crew', ['members', 0, 'die'])?.title).toBe('Existence Die');
    expect(schemaAt('ruleset', ['clash', 'tie'])?.default).toBe('standoff');
    expect(schemaAt('workspace', ['ruleset'])?.default).toBe('core');
    expect(schemaAt('workspace', ['ruleset'])?.pattern).toBe('^[a-z0-9]+(-[a-z0-9]+)*$');
  });

  it('finds effect keys inside the effect oneOf and objective fields by kind', () => {
    expect(schemaAt('abilities', ['abilities', 0, 'effects', 0, 'armor'])?.title).toBe('Armor');
    expect(schemaAt('abilities', ['abilities', 0, 'effects', 0, 'when', 'role'])?.enum).toEqual(['attacker', 'defender']);
    expect(schemaAt('scenario', ['objectives', 0, 'progress'], 'interact')?.default).toBe(1);
    expect(schemaAt('scenario', ['objectives', 0, 'member'], 'protect')?.title).toBe('Member');
    expect(schemaAt('scenario', ['objectives', 0, 'progress'], 'control')).toBeUndefined();
    expect(schemaAt('scenario', ['sides', 0, 'deployMembers', 'warden-7'])?.pattern).toBeDefined();
    expect(schemaAt('crew', ['nope'])).toBeUndefined();
  });
});
