import { isAbsolute, relative, resolve, sep } from 'node:path';
import { toGithubCommand, toJunit, toSarif } from '../../shared/ci';
import type { Diagnostic } from '../../shared/diagnostics';
import { WorkspaceValidator, compareDiagnostics, formatDiagnostic } from '../../shared/validation';
import { readWorkspaceFiles } from '../../main/services/workspace-files';
import { EXIT_CODES } from '../exit-codes';
import { progressStream } from '../progress';
import { defaultIo, packageInfo, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { startLongRun } from './sim-run';

/** Usage line of `mortisphere validate`. */
export const VALIDATE_USAGE = `usage: mortisphere validate [DIR] [--format text|json|sarif|junit|github] [--quiet]

Checks every *.yaml / *.yml below DIR (default: the current folder).
  --format text     one 'file:line:column severity code message' per line (default)
  --format json     {"files": N, "errors": [...], "warnings": [...]}
  --format sarif    SARIF 2.1.0 for code scanning (one rule per diagnostic code)
  --format junit    JUnit XML: one test case per file, a failure per error
  --format github   GitHub Actions annotations: ::error file=…,line=…,col=…::message
sarif, junit and github name files relative to the current folder (the repository root in CI).
Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 usage error or unreadable folder.`;

const FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
type Format = (typeof FORMATS)[number];

/** `file` of workspace `dir` as a `/` path relative to the current folder (absolute when outside it). */
const fromCwd = (dir: string, file: string): string => {
  const abs = resolve(dir, file);
  const rel = relative(process.cwd(), abs);
  return (rel.startsWith('..') || isAbsolute(rel) ? abs : rel).split(sep).join('/');
};

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
  const parsed = parseCommand('validate', VALIDATE_USAGE, argv, { format: { type: 'string' }, quiet: { type: 'boolean', short: 'q' } }, io);
  if (parsed.exit !== null) return parsed.exit;
  const format = (parsed.values.format ?? 'text') as Format;
  if (!FORMATS.includes(format)) {
    io.err(`validate: --format '${format}' is not supported; use one of ${FORMATS.join(', ')}\n${VALIDATE_USAGE}`);
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
  // Progress on a terminal for a big workspace (only text output is meant for people).
  const run = startLongRun(io, 'validate', 'files', progressStream(io, { json: format !== 'text', quiet: parsed.values.quiet }));
  const validator = new WorkspaceValidator();
  files.forEach((f, i) => {
    validator.setFile(f.path, f.text);
    run.progress.update(i + 1, files.length);
  });
  const diagnostics = [...readProblems, ...validator.diagnostics()];
  run.end();
  if (count === 0) diagnostics.push(noYamlWarning(dir));
  diagnostics.sort(compareDiagnostics);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const located = (): Diagnostic[] => diagnostics.map((d) => ({ ...d, file: fromCwd(dir, d.file) }));
  switch (format) {
    case 'json':
      io.out(JSON.stringify(validateJson(count, diagnostics), null, 2));
      break;
    case 'sarif':
      io.out(JSON.stringify(toSarif(located(), { name: 'mortisphere', version: packageInfo().version, informationUri: packageInfo().homepage }), null, 2));
      break;
    case 'junit':
      io.out(toJunit([...files.map((f) => f.path), ...readProblems.map((d) => d.file)].map((f) => fromCwd(dir, f)), located()));
      break;
    case 'github':
      for (const d of located()) io.out(toGithubCommand(d));
      break;
    default:
      for (const d of diagnostics) io.out(formatDiagnostic(d));
  }
  if (format === 'text' || format === 'github') {
    io.err(`${count} file${count === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  }
  return errors > 0 ? EXIT_CODES.failure : EXIT_CODES.ok;
}
