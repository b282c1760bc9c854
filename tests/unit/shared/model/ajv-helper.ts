/** One strict ajv (draft 2020-12) instance with every schema registered, as the validator builds it. */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ErrorObject } from 'ajv';
import { SCHEMAS, SCHEMA_IDS, type SchemaName } from '../../../../src/shared/model/schemas';

/** Builds a fresh strict ajv with all schemas added (common first). */
export function makeAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  for (const schema of SCHEMAS) ajv.addSchema(schema);
  return ajv;
}

const shared = makeAjv();

/** Validates `doc` against the schema of `kind`; returns the ajv errors (empty when valid). */
export function errorsOf(kind: SchemaName, doc: unknown): ErrorObject[] {
  const validate = shared.getSchema(SCHEMA_IDS[kind]);
  if (!validate) throw new Error(`schema ${kind} not registered`);
  return validate(doc) ? [] : [...(validate.errors ?? [])];
}
