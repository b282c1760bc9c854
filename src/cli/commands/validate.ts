import { resolve } from 'node:path';
import type { Diagnostic } from '../../shared/diagnostics';
import { compareDiagnostics, formatDiagnostic, validateFiles } from '../../shared/validation';
import { readWorkspaceFiles } from '../../main/services/workspace-files';
import { EXIT_CODES } from '../exit-codes';
import { defaultIo, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';

/** Usage line of `mortisphere validate`. */
export const VALIDATE_USAGE = `usage: mortisphere validate [DIR] [--format text|json]

Checks every *.yaml / *.yml below DIR (default: the current folder).
  --format text   one 'file:line:column severity code message' per line (default)
  --format json   {"files": N, "errors": [...], "warnings": [...]}
Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 usage error or unreadable folder.`;

/** The JSON report of DESIGN.md: file count, errors and warnings (info diagnostics omitted). */
export function validateJson(files: number, diagnostics: readonly Diagnostic[]): { files: number; errors: Diagnostic[]; warnings: Diagnostic[] } {
  return {
    files,
    errors: diagnostics.filter((d) => d.severity === 'error'),
    warnings: diagnostics.filter((d) => d.severity === 'warning'),
  };
}

/**
 * The warning for a folder without any YAML file: it is almost always the wrong folder, so
 * say so (exit code stays 0: there is nothing wrong in it).
 */
export function noYamlWarning(dir: string): Diagnostic {
  return {
    file: 'mortisphere.yaml', line: 1, column: 1, endLine: 1, endColumn: 1, severity: 'warning', code: 'workspace-missing',
    message: `'${dir}' holds no *.yaml or *.yml file, so there is nothing to check; pass the folder that holds mortisphere.yaml, or run 'mortisphere new ${dir}' to start a workspace there`,
  };
}

/** `mortisphere validate [DIR] [--format text|json]`; resolves to an exit code of EXIT_CODES. */
export async function validateCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('validate', VALIDATE_USAGE, argv, { format: { type: 'string' } }, io);
  if (parsed.exit !== null) return parsed.exit;
  const format = parsed.values.format ?? 'text';
  if (format !== 'text' && format !== 'json') {
    io.err(`validate: --format '${format}' is not supported; use --format text or --format json\n${VALIDATE_USAGE}`);
    return EXIT_CODES.usage;
  }
  if (parsed.positionals.length > 1) {
    io.err(`validate: give at most one folder, got ${parsed.positionals.length}\n${VALIDATE_USAGE}`);
    return EXIT_CODES.usage;
  }
  const dir = parsed.positionals[0] ?? '.';
  const read = await readWorkspaceFiles(resolve(dir));
  if (!read.ok) {
    io.err(`validate: ${read.error.message}`);
    return EXIT_CODES.usage;
  }
  const { files, diagnostics: readProblems, count } = read.value;
  const diagnostics = [...readProblems, ...validateFiles(files).diagnostics];
  if (count === 0) diagnostics.push(noYamlWarning(dir));
  diagnostics.sort(compareDiagnostics);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  if (format === 'json') {
    io.out(JSON.stringify(validateJson(count, diagnostics), null, 2));
  } else {
    for (const d of diagnostics) io.out(formatDiagnostic(d));
    const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
    io.err(`${count} file${count === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  }
  return errors > 0 ? EXIT_CODES.failure : EXIT_CODES.ok;
}
