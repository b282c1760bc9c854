/**
 * SARIF 2.1.0 (OASIS) output of `validate --format sarif`, for code-scanning UIs such as GitHub's:
 * one rule per diagnostic code with its help text, one result per diagnostic with its region.
 */
import { DIAGNOSTIC_CODES, DIAGNOSTIC_HELP } from '../diagnostic-help';
import type { Diagnostic } from '../diagnostics';

/** The tool as SARIF names it. */
export interface ToolInfo {
  name: string;
  version: string;
  informationUri: string;
}

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** `schema-version` → `SchemaVersion`: SARIF's `rule.name` is a PascalCase identifier. */
const ruleName = (code: string): string => code.replace(/(^|-)([a-z])/g, (_, _d: string, c: string) => c.toUpperCase());

/** Percent-encodes a relative path for a SARIF `uri` (RFC 3986: keep `/`, unreserved characters). */
export const pathToUri = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** The artifact location of a path: relative to SRCROOT, or a `file:` URI when absolute. */
const artifactOf = (path: string): { uri: string; uriBaseId?: string } => {
  if (path.startsWith('/')) return { uri: `file://${pathToUri(path)}` };
  if (/^[A-Za-z]:\//.test(path)) return { uri: `file:///${path.slice(0, 2)}${pathToUri(path.slice(2))}` };
  return { uri: pathToUri(path), uriBaseId: 'SRCROOT' };
};

/**
 * The SARIF log of one validation. `diagnostics` carry paths relative to the repository root
 * (`uriBaseId` SRCROOT, which code-scanning uploads resolve to the checkout).
 */
export function toSarif(diagnostics: readonly Diagnostic[], tool: ToolInfo): object {
  const index = new Map(DIAGNOSTIC_CODES.map((c, i) => [c as string, i]));
  const extra = [...new Set(diagnostics.map((d) => d.code as string).filter((c) => !index.has(c)))];
  const codes = [...DIAGNOSTIC_CODES, ...extra];
  extra.forEach((c, i) => index.set(c, DIAGNOSTIC_CODES.length + i));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            informationUri: tool.informationUri,
            rules: codes.map((code) => {
              const help = DIAGNOSTIC_HELP[code as keyof typeof DIAGNOSTIC_HELP] ?? { title: code, help: `Diagnostic '${code}'.` };
              return {
                id: code,
                name: ruleName(code),
                shortDescription: { text: help.title },
                fullDescription: { text: help.help },
                help: { text: help.help, markdown: `**${help.title}** (\`${code}\`)\n\n${help.help}` },
              };
            }),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: diagnostics.map((d) => ({
          ruleId: d.code,
          ruleIndex: index.get(d.code),
          level: LEVEL[d.severity],
          message: { text: d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: artifactOf(d.file),
                region: { startLine: d.line, startColumn: d.column, endLine: Math.max(d.line, d.endLine), endColumn: d.endLine > d.line ? d.endColumn : Math.max(d.column, d.endColumn) },
              },
            },
          ],
        })),
      },
    ],
  };
}
