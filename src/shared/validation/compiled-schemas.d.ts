/** Types of the generated `compiled-schemas.js` (scripts/compile-schemas.ts). */

/** One ajv error as produced by the standalone validators (`allErrors: true`). */
export interface CompiledSchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  /** Present with `verbose: true`: the failing keyword's schema object and the data. */
  parentSchema?: Record<string, unknown>;
  data?: unknown;
  propertyName?: string;
}

/** A standalone validator: returns true when `data` is valid, else fills `.errors`. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: CompiledSchemaError[] | null;
}

/** Validators by document kind (file name of the schema without `.schema.json`). */
export declare const validators: Record<string, CompiledValidator>;
