import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR, GENERATED_PATH, ROOT, TYPES_DIR, generateTypeFiles, generateTypes, loadSchemas } from '../../../../scripts/gen-types';
import { CORE_RULESET } from '../../../../src/shared/model/ruleset-defaults';
import { schemaFor } from '../../../../src/shared/model/schemas';
import type { JsonSchema } from '../../../../src/shared/model/schemas';
import { errorsOf } from './ajv-helper';

const META = ['kind', 'schemaVersion', 'id', 'name', 'text', 'extends'];

describe('types drift', () => {
  it('generated.ts and schema-types/ are up to date with schemas/ (run `npm run gen:types` if this fails)', async () => {
    const fresh = await generateTypeFiles(loadSchemas());
    expect(fresh.has('src/shared/model/generated.ts')).toBe(true);
    for (const [path, text] of fresh) expect(readFileSync(join(ROOT, path), 'utf8'), path).toBe(text);
    // No stale file from a schema that is gone.
    const written = readdirSync(GENERATED_DIR).map((name) => `${TYPES_DIR}/${name}`);
    expect(written.sort()).toEqual([...fresh.keys()].filter((path) => path !== 'src/shared/model/generated.ts').sort());
  });

  it('the split files hold every declaration of the single generated text, each once, and none over 400 lines', async () => {
    const whole = await generateTypes();
    const names = (text: string) => [...text.matchAll(/^export (?:type|interface) ([A-Za-z0-9_]+)/gm)].map((m) => m[1]).sort();
    const files = await generateTypeFiles();
    expect([...files.values()].flatMap(names).sort()).toEqual(names(whole));
    for (const [path, text] of files) expect(text.split('\n').length, path).toBeLessThanOrEqual(400);
    expect(readFileSync(GENERATED_PATH, 'utf8')).toContain('export type AnyDoc');
  });

  it('generation is deterministic', async () => {
    expect(await generateTypes()).toBe(await generateTypes());
    expect([...(await generateTypeFiles())]).toEqual([...(await generateTypeFiles())]);
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
