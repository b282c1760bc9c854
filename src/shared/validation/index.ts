/**
 * The workspace validator (DESIGN.md "Diagnostics"): safe YAML loading with source positions,
 * in-memory migrations, schema checks (precompiled, CSP-safe) and cross-document checks.
 * One implementation for the CLI, the main process and the renderer.
 */
export { WorkspaceValidator, validateFiles, compareDiagnostics } from './workspace-validator';
export type { ValidatorStats } from './workspace-validator';
export { loadYaml, utf8Length } from './load-yaml';
export type { LoadedDocument } from './load-yaml';
export { MAX_FILE_BYTES, MAX_ALIAS_COUNT, MAX_DEPTH, MAX_NODES, FORBIDDEN_KEYS } from './limits';
export { MIGRATIONS, migrate } from './migrations';
export type { Migration, MigrationOutcome } from './migrations';
export { MANIFEST_PATH, buildModelIndex } from './model-index';
export { closest, didYouMean, editDistance } from './did-you-mean';
export { locate, valueSpan, keySpan, missingSpan } from './positions';
export { formatDiagnostic } from './format';
