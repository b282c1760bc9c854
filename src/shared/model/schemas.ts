/**
 * The JSON Schemas of every document kind (schemas/*.schema.json, draft 2020-12), bundled as
 * data for the validator (one ajv instance), the editor (monaco-yaml, by the same URIs) and
 * the forms (titles, descriptions, defaults). Cross-file `$ref`s use the absolute `$id`s below.
 */
import type { DocKind } from './types';
import commonSchema from '../../../schemas/common.schema.json';
import workspaceSchema from '../../../schemas/workspace.schema.json';
import crewSchema from '../../../schemas/crew.schema.json';
import crewTypeSchema from '../../../schemas/crewType.schema.json';
import abilitiesSchema from '../../../schemas/abilities.schema.json';
import equipmentSchema from '../../../schemas/equipment.schema.json';
import scenarioSchema from '../../../schemas/scenario.schema.json';
import rulesetSchema from '../../../schemas/ruleset.schema.json';
import campaignSchema from '../../../schemas/campaign.schema.json';

/** A JSON Schema node as plain data; every node of ours has title, description and examples. */
export interface JsonSchema {
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  default?: unknown;
  examples?: unknown[];
  [keyword: string]: unknown;
}

/** Every schema file: the shared definitions plus one per document kind. */
export type SchemaName = 'common' | DocKind;

/** Base URI of every schema `$id`. */
export const SCHEMA_BASE = 'https://mortisphere.studio/schemas/';

/** Absolute `$id` of each schema, e.g. `https://mortisphere.studio/schemas/crew.schema.json`. */
export const SCHEMA_IDS: Readonly<Record<SchemaName, string>> = Object.freeze({
  common: `${SCHEMA_BASE}common.schema.json`,
  workspace: `${SCHEMA_BASE}workspace.schema.json`,
  crew: `${SCHEMA_BASE}crew.schema.json`,
  crewType: `${SCHEMA_BASE}crewType.schema.json`,
  abilities: `${SCHEMA_BASE}abilities.schema.json`,
  equipment: `${SCHEMA_BASE}equipment.schema.json`,
  scenario: `${SCHEMA_BASE}scenario.schema.json`,
  ruleset: `${SCHEMA_BASE}ruleset.schema.json`,
  campaign: `${SCHEMA_BASE}campaign.schema.json`,
});

const BY_NAME: Readonly<Record<SchemaName, JsonSchema>> = {
  common: commonSchema as JsonSchema,
  workspace: workspaceSchema as JsonSchema,
  crew: crewSchema as JsonSchema,
  crewType: crewTypeSchema as JsonSchema,
  abilities: abilitiesSchema as JsonSchema,
  equipment: equipmentSchema as JsonSchema,
  scenario: scenarioSchema as JsonSchema,
  ruleset: rulesetSchema as JsonSchema,
  campaign: campaignSchema as JsonSchema,
};

/** All schemas, `common` first (register them all before compiling any). Treat as read-only. */
export const SCHEMAS: readonly JsonSchema[] = Object.freeze([
  BY_NAME.common,
  BY_NAME.workspace,
  BY_NAME.crew,
  BY_NAME.crewType,
  BY_NAME.abilities,
  BY_NAME.equipment,
  BY_NAME.scenario,
  BY_NAME.ruleset,
  BY_NAME.campaign,
]);

/** The schema of one document kind (or `common`). Treat as read-only. */
export function schemaFor(kind: SchemaName): JsonSchema {
  return BY_NAME[kind];
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a `$ref` (absolute or local to `file`) to its schema node; undefined if unknown. */
export function resolveRef(ref: string, file: SchemaName): { schema: JsonSchema; file: SchemaName } | undefined {
  const hash = ref.indexOf('#');
  const uri = hash < 0 ? ref : ref.slice(0, hash);
  const pointer = hash < 0 ? '' : ref.slice(hash + 1);
  const target = uri === '' ? file : (Object.keys(SCHEMA_IDS) as SchemaName[]).find((n) => SCHEMA_IDS[n] === uri);
  if (!target) return undefined;
  let node: unknown = BY_NAME[target];
  for (const part of pointer.split('/').filter((p) => p !== '')) {
    node = isSchema(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return isSchema(node) ? { schema: node, file: target } : undefined;
}

function deref(schema: JsonSchema, file: SchemaName): { schema: JsonSchema; file: SchemaName } {
  let current = { schema, file };
  for (let i = 0; i < 10 && typeof current.schema.$ref === 'string'; i += 1) {
    const next = resolveRef(current.schema.$ref, current.file);
    if (!next) break;
    // Keep the help written next to the $ref (title, description, default win over the target's).
    const { $ref: _ref, ...local } = current.schema;
    current = { schema: { ...next.schema, ...local }, file: next.file };
  }
  return current;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * The schema node describing the value at `path` inside a document of `kind` (e.g.
 * `['members', 0, 'die']`), with `$ref`s followed; undefined when the path leaves the schema.
 * For kind-keyed objects (objectives) pass `variant` (e.g. 'interact') to pick the branch.
 */
export function schemaAt(kind: SchemaName, path: readonly (string | number)[], variant?: string): JsonSchema | undefined {
  let current = deref(BY_NAME[kind], kind);
  for (const key of path) {
    const props = current.schema.properties;
    let next: JsonSchema | undefined;
    if (typeof key === 'number') next = isSchema(current.schema.items) ? current.schema.items : undefined;
    else if (isSchema(props) && isSchema(props[key])) next = props[key] as JsonSchema;
    else next = branchProperty(current, key, variant);
    if (!next) return undefined;
    current = deref(next, current.file);
  }
  return current.schema;
}

function branchProperty(current: { schema: JsonSchema; file: SchemaName }, key: string, variant?: string): JsonSchema | undefined {
  const branches = [
    ...asArray(current.schema.allOf).map((b) => (isSchema(b) ? b.then : undefined)),
    ...asArray(current.schema.oneOf),
  ].filter(isSchema);
  const found: JsonSchema[] = [];
  for (const branch of branches) {
    const resolved = deref(branch, current.file).schema;
    const props = resolved.properties;
    if (!isSchema(props) || !isSchema(props[key])) continue;
    const kindProp = props.kind;
    if (variant && isSchema(kindProp) && kindProp.const !== variant) continue;
    found.push(props[key] as JsonSchema);
  }
  if (found.length > 0) return found[0];
  return isSchema(current.schema.additionalProperties) ? current.schema.additionalProperties : undefined;
}
