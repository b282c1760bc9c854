import { CURRENT_SCHEMA_VERSION, DOC_KINDS, SCHEMA_VERSION } from '../model/types';
import type { DocKind } from '../model/types';

/** One in-memory upgrade of a document from `from` to `from + 1`. Never writes to disk. */
export interface Migration {
  /** The kind it upgrades; absent: every kind. */
  kind?: DocKind;
  from: number;
  /** Human summary, shown in an info diagnostic when applied. */
  describe: string;
  /**
   * True for a step that only adds optional fields: an older file means the same thing and needs
   * no edit, so no info diagnostic is shown for it.
   */
  silent?: boolean;
  apply(data: Record<string, unknown>): Record<string, unknown>;
}

/**
 * The registered migrations, one per kind and version step (CURRENT_SCHEMA_VERSION says where
 * each kind is). Workspace 1 → 2 added `checks:`; a version-1 manifest has none, so the data
 * is unchanged. The version bump makes an older app say "update the app" on a file with checks
 * instead of reporting `checks` as an unknown property.
 */
export const MIGRATIONS: readonly Migration[] = [
  { kind: 'workspace', from: 1, describe: 'schemaVersion 2 added the optional `checks:` list (balance gates)', silent: true, apply: (data) => data },
];

const currentFor = (kind: unknown): number =>
  typeof kind === 'string' && (DOC_KINDS as readonly string[]).includes(kind) ? CURRENT_SCHEMA_VERSION[kind as DocKind] : SCHEMA_VERSION;

/** Outcome of migrating one document's data in memory. */
export type MigrationOutcome =
  | { ok: true; data: Record<string, unknown>; applied: Migration[] }
  | { ok: false; reason: 'newer' | 'older' | 'gap'; version: number; message: string };

/**
 * Brings `data` to `current` (by default the current version of its kind) by applying consecutive migrations of its kind; the input object is not
 * mutated. A document without an integer `schemaVersion` is returned unchanged (the schema
 * check reports it). A newer version, or a version with no migration path, is refused.
 */
export function migrate(
  data: Record<string, unknown>,
  allMigrations: readonly Migration[] = MIGRATIONS,
  current: number = currentFor(data.kind),
): MigrationOutcome {
  const migrations = allMigrations.filter((m) => m.kind === undefined || m.kind === data.kind);
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
