/**
 * The schemas for other editors (`mortisphere schemas --out DIR`, and the copy `new` writes for
 * VS Code): the same files as schemas/, with cross-file `$ref`s made relative (`./common.schema.json#…`)
 * and no absolute `$id`, so an editor resolves them next to each other on disk, offline.
 * Plus the `yaml.schemas` settings of the YAML extension (Red Hat), by file glob per kind.
 */
import { SCHEMA_BASE, SCHEMAS } from './schemas';
import type { JsonSchema } from './schemas';
import type { DocKind } from './types';

/** One schema file to write: its file name (e.g. `crew.schema.json`) and content. */
export interface PortableSchema {
  file: string;
  schema: JsonSchema;
}

const rewrite = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id') continue;
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_BASE) ? `./${value.slice(SCHEMA_BASE.length)}` : rewrite(value);
  }
  return out;
};

/** Every schema (common first) with relative `$ref`s and without `$id`. */
export function portableSchemas(): PortableSchema[] {
  return SCHEMAS.map((schema) => ({ file: (schema.$id ?? '').slice(SCHEMA_BASE.length), schema: rewrite(schema) as JsonSchema }));
}

/**
 * Where each kind lives by convention (the template's and example's folders). Kinds are told
 * apart by `kind:`, not by folder, so a file elsewhere still validates in Mortisphere; it only
 * misses completion in an editor that picks schemas by path.
 */
export const KIND_GLOBS: Readonly<Record<DocKind, readonly string[]>> = {
  workspace: ['mortisphere.yaml'],
  crew: ['crews/**/*.yaml', 'crews/**/*.yml'],
  crewType: ['types/**/*.yaml', 'types/**/*.yml'],
  abilities: ['libraries/**/*abilities*.yaml', 'libraries/**/*abilities*.yml', 'abilities/**/*.yaml', 'abilities/**/*.yml'],
  equipment: ['libraries/**/*equipment*.yaml', 'libraries/**/*equipment*.yml', 'equipment/**/*.yaml', 'equipment/**/*.yml'],
  scenario: ['scenarios/**/*.yaml', 'scenarios/**/*.yml'],
  ruleset: ['rulesets/**/*.yaml', 'rulesets/**/*.yml'],
  campaign: ['campaigns/**/*.yaml', 'campaigns/**/*.yml'],
};

/** Folder of the schema copy `new` writes into a workspace. */
export const WORKSPACE_SCHEMA_DIR = '.vscode/schemas';

/** The `.vscode/settings.json` object `new` writes: `yaml.schemas` maps each kind's schema to its globs. */
export function vscodeSettings(schemaDir: string = WORKSPACE_SCHEMA_DIR): Record<string, unknown> {
  const schemas: Record<string, string[]> = {};
  for (const [kind, globs] of Object.entries(KIND_GLOBS)) schemas[`./${schemaDir}/${kind}.schema.json`] = [...globs];
  return { 'yaml.schemas': schemas };
}
