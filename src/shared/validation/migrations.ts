import { SCHEMA_VERSION } from '../model/types';

/** One in-memory upgrade of a document from `from` to `from + 1`. Never writes to disk. */
export interface Migration {
  from: number;
  /** Human summary, shown in an info diagnostic when applied. */
  describe: string;
  apply(data: Record<string, unknown>): Record<string, unknown>;
}

/**
 * The registered migrations, one per version step. Version 1 is the first released format,
 * so the list is empty today; a future schemaVersion 2 adds `{from: 1, …}` here.
 */
export const MIGRATIONS: readonly Migration[] = [];

/** Outcome of migrating one document's data in memory. */
export type MigrationOutcome =
  | { ok: true; data: Record<string, unknown>; applied: Migration[] }
  | { ok: false; reason: 'newer' | 'older' | 'gap'; version: number; message: string };

/**
 * Brings `data` to `current` by applying consecutive migrations; the input object is not
 * mutated. A document without an integer `schemaVersion` is returned unchanged (the schema
 * check reports it). A newer version, or a version with no migration path, is refused.
 */
export function migrate(
  data: Record<string, unknown>,
  migrations: readonly Migration[] = MIGRATIONS,
  current: number = SCHEMA_VERSION,
): MigrationOutcome {
  const version = data.schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version)) return { ok: true, data, applied: [] };
  if (version > current) {
    return {
      ok: false,
      reason: 'newer',
      version,
      message: `schemaVersion ${version} is newer than this version of Mortisphere Studio understands (${current}); update the app to open this file`,
    };
  }
  const oldest = migrations.reduce((m, s) => Math.min(m, s.from), current);
  if (version < oldest || version < 1) {
    return {
      ok: false,
      reason: 'older',
      version,
      message: `schemaVersion ${version} is older than any version this app can read (${oldest}..${current}); set schemaVersion: ${current} and check the file`,
    };
  }
  let out = data;
  const applied: Migration[] = [];
  for (let v = version; v < current; v++) {
    const step = migrations.find((s) => s.from === v);
    if (!step) {
      return { ok: false, reason: 'gap', version, message: `no migration from schemaVersion ${v} to ${v + 1}; set schemaVersion: ${current} by hand` };
    }
    out = { ...step.apply(out), schemaVersion: v + 1 };
    applied.push(step);
  }
  return { ok: true, data: out, applied };
}
