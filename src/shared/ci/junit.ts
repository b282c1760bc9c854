/**
 * JUnit XML output of `validate --format junit`, which every CI reads: one test case per file
 * checked, one `<failure>` per error in it; warnings go to the case's `<system-out>`.
 */
import type { Diagnostic } from '../diagnostics';

/** Replaces characters XML 1.0 cannot carry (control characters, lone surrogates) with U+FFFD. */
const xmlSafe = (s: string): string =>
  // eslint-disable-next-line no-control-regex -- matching the control characters XML forbids is the point
  s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Text escaped for XML content and attribute values. */
export const escapeXml = (s: string): string =>
  xmlSafe(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;');

const line = (d: Diagnostic): string => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`;

/**
 * The JUnit report of one validation. `files` are every file checked (clean ones pass); a
 * diagnostic on a file not in the list (e.g. a missing manifest) gets a case of its own.
 */
export function toJunit(files: readonly string[], diagnostics: readonly Diagnostic[], suiteName = 'mortisphere validate'): string {
  const all = [...new Set([...files, ...diagnostics.map((d) => d.file)])].sort();
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const failures = diagnostics.filter((d) => d.severity === 'error').length;
  const failed = all.filter((f) => (byFile.get(f) ?? []).some((d) => d.severity === 'error')).length;
  const cases = all.map((file) => {
    const ds = byFile.get(file) ?? [];
    const errors = ds.filter((d) => d.severity === 'error');
    const others = ds.filter((d) => d.severity !== 'error');
    const attrs = `classname="mortisphere.validate" name="${escapeXml(file)}" file="${escapeXml(file)}" time="0"`;
    if (ds.length === 0) return `    <testcase ${attrs}/>`;
    const body = [
      ...errors.map((d) => `      <failure type="${escapeXml(d.code)}" message="${escapeXml(`${d.line}:${d.column} ${d.message}`)}">${escapeXml(line(d))}</failure>`),
      ...(others.length > 0 ? [`      <system-out>${escapeXml(others.map(line).join('\n'))}</system-out>`] : []),
    ];
    return [`    <testcase ${attrs}>`, ...body, '    </testcase>'].join('\n');
  });
  const counts = `tests="${all.length}" failures="${failed}" errors="0" skipped="0"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(suiteName)}" ${counts} time="0">`,
    `  <testsuite name="${escapeXml(suiteName)}" ${counts} time="0">`,
    `    <properties><property name="errors" value="${failures}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
  ].join('\n');
}
