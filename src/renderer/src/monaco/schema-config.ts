/** One schema registration for monaco-yaml. */
export interface SchemaRegistration {
  uri: string;
  fileMatch: string[];
  schema: Record<string, unknown>;
}

/** The kind a schema describes: `properties.kind.const`, or null for shared definitions. */
export function schemaKind(schema: Record<string, unknown>): string | null {
  const props = schema.properties as Record<string, { const?: unknown }> | undefined;
  const k = props?.kind?.const;
  return typeof k === 'string' ? k : null;
}

/** Folder segment of a model URI for a document kind (unknown kinds share `other`). */
export const kindSegment = (kind: string | null): string => (kind ? kind : 'other');

/**
 * The monaco-yaml `schemas` option: every schema registered under its `$id` (so cross-schema
 * `$ref`s resolve offline), and each document schema matched to the models of its kind, whose
 * URIs are `file:///mortisphere/<kind>/<path>` (see modelUri).
 * Accepts SCHEMAS as an array or a record of schema objects.
 */
export function schemaRegistrations(schemas: unknown): SchemaRegistration[] {
  const list = (Array.isArray(schemas) ? schemas : Object.values((schemas ?? {}) as object)) as unknown[];
  const out: SchemaRegistration[] = [];
  for (const s of list) {
    if (!s || typeof s !== 'object') continue;
    const schema = s as Record<string, unknown>;
    const kind = schemaKind(schema);
    const uri = typeof schema.$id === 'string' ? schema.$id : `https://mortisphere.studio/schemas/${kind ?? 'schema'}.json`;
    out.push({ uri, schema, fileMatch: kind ? [`/mortisphere/${kindSegment(kind)}/**`] : [] });
  }
  return out;
}

/** The URI of the Monaco model of a document: its kind picks the schema, its path names it. */
export function modelUri(kind: string | null, path: string): string {
  const encoded = path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
  return `file:///mortisphere/${kindSegment(kind)}/${encoded}`;
}

/** Reads `kind:` from the top level of a YAML text without parsing it fully. */
export function kindOfText(text: string): string | null {
  const m = /^kind:[ \t]*["']?([A-Za-z]+)["']?[ \t]*(?:#.*)?$/m.exec(text);
  return m ? m[1] : null;
}
