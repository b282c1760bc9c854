import type { Diagnostic } from '../diagnostics';

/** One diagnostic as the CLI's text line: `file:line:column severity code message`. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`;
}
