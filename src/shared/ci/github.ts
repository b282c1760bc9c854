/**
 * GitHub Actions workflow commands of `validate --format github`: one
 * `::error file=…,line=…,endLine=…,col=…,endColumn=…,title=…::message` per diagnostic, which the
 * runner turns into annotations on the pull request. Escaping follows @actions/core.
 */
import type { Diagnostic } from '../diagnostics';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** Escapes a command's message (`%`, CR, LF). */
export const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** Escapes a property value (`%`, CR, LF, `:` and `,`). */
export const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One workflow command for a diagnostic (`file` relative to the repository root). */
export function toGithubCommand(d: Diagnostic): string {
  const props: [string, string | number][] = [
    ['file', d.file],
    ['line', d.line],
    ['endLine', Math.max(d.line, d.endLine)],
    ['col', d.column],
    ['endColumn', d.endColumn],
    ['title', `mortisphere ${d.code}`],
  ];
  return `::${COMMAND[d.severity]} ${props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',')}::${escapeData(d.message)}`;
}
