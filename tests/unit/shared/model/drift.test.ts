import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, generateTypes, loadSchemas } from '../../../../scripts/gen-types';
import { CORE_RULESET } from '../../../../src/shared/model/ruleset-defaults';
import { schemaFor } from '../../../../src/shared/model/schemas';
import type { JsonSchema } from '../../../../src/shared/model/schemas';
import { errorsOf } from './ajv-helper';

const META = ['kind', 'schemaVersion', 'id', 'name', 'text', 'extends'];

describe('types drift', () => {
  it('generated.ts is up to date with schemas/ (run `npm run gen:types` if this fails)', async () => {
    const fresh = await generateTypes(loadSchemas());
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(fresh);
  });

  it('generation is deterministic', async () => {
    expect(await generateTypes()).toBe(await generateTypes());
  });
});

describe('ruleset schema ⇔ CORE_RULESET', () => {
  const props = schemaFor('ruleset').properties as Record<string, JsonSchema>;
  const knobGroups = Object.keys(props).filter((k) => !META.includes(k));

  it('has exactly the knob groups of CORE_RULESET', () => {
    expect(knobGroups.sort()).toEqual(Object.keys(CORE_RULESET).sort());
  });

  it('every knob has a schema default equal to CORE_RULESET, and a description', () => {
    let knobs = 0;
    for (const group of knobGroups) {
      const core = (CORE_RULESET as unknown as Record<string, unknown>)[group];
      const schema = props[group];
      expect(schema.default, group).toEqual(core);
      if (schema.type !== 'object') {
        knobs += 1;
        continue;
      }
      const leaves = schema.properties as Record<string, JsonSchema>;
      expect(Object.keys(leaves).sort(), group).toEqual(Object.keys(core as object).sort());
      for (const [knob, leaf] of Object.entries(leaves)) {
        knobs += 1;
        expect(leaf.default, `${group}.${knob}`).toEqual((core as Record<string, unknown>)[knob]);
        expect(leaf.description, `${group}.${knob}`).toBeTruthy();
        const allowed = leaf.enum ?? (leaf.type === 'integer' ? 'range' : leaf.type === 'boolean' ? 'bool' : (leaf.$ref ?? leaf.items));
        expect(allowed, `${group}.${knob} states its allowed values`).toBeTruthy();
        if (leaf.type === 'integer') {
          expect(typeof leaf.minimum, `${group}.${knob}`).toBe('number');
          expect(typeof leaf.maximum, `${group}.${knob}`).toBe('number');
        }
      }
    }
    expect(knobs).toBeGreaterThanOrEqual(27);
  });

  it('a ruleset document spelling out every CORE_RULESET knob validates', () => {
    const doc = { kind: 'ruleset', schemaVersion: 1, id: 'core-copy', extends: 'core', ...structuredClone(CORE_RULESET) };
    expect(errorsOf('ruleset', doc)).toEqual([]);
  });
});
