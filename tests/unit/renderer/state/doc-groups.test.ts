import { describe, expect, it } from 'vitest';
import type { DocumentEntry } from '../../../../src/shared/api';
import type { Diagnostic } from '../../../../src/shared/diagnostics';
import { countByFile, countsLabel, displayName, groupDocuments, sortDiagnostics } from '../../../../src/renderer/src/state/doc-groups';

const doc = (path: string, kind: string | null, name: string | null = null, id: string | null = null): DocumentEntry =>
  ({ path, kind, name, id }) as DocumentEntry;
const diag = (file: string, line: number, severity: Diagnostic['severity']): Diagnostic => ({
  file, line, column: 1, endLine: line, endColumn: 2, severity, code: 'schema', message: 'm',
});

describe('groupDocuments', () => {
  it('groups by kind in explorer order, unknown and unreadable under Other', () => {
    const groups = groupDocuments([
      doc('s.yaml', 'scenario', 'S'),
      doc('b.yaml', 'crew', 'Beta'),
      doc('a.yaml', 'crew', 'Alpha'),
      doc('m.yaml', 'workspace', 'W'),
      doc('x.yaml', null),
      doc('y.yaml', 'monster' as never),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Workspace', 'Crews', 'Scenarios', 'Other/unreadable']);
    expect(groups[1].entries.map((e) => e.name)).toEqual(['Alpha', 'Beta']);
    expect(groups[3].entries.map((e) => e.path)).toEqual(['x.yaml', 'y.yaml']);
  });

  it('names a document by name, then id, then file name', () => {
    expect(displayName(doc('c/x.yaml', 'crew', 'N', 'i'))).toBe('N');
    expect(displayName(doc('c/x.yaml', 'crew', null, 'i'))).toBe('i');
    expect(displayName(doc('c/x.yaml', null))).toBe('x.yaml');
  });
});

describe('counts', () => {
  it('counts errors and warnings per file and labels them', () => {
    const c = countByFile([diag('a', 1, 'error'), diag('a', 2, 'error'), diag('a', 3, 'warning'), diag('b', 1, 'info')]);
    expect(c.get('a')).toEqual({ errors: 2, warnings: 1 });
    expect(countsLabel(c.get('a'))).toBe('2 errors, 1 warning');
    expect(countsLabel(c.get('b'))).toBe('no problems');
    expect(countsLabel(undefined)).toBe('no problems');
  });

  it('sorts by file, position, severity', () => {
    const s = sortDiagnostics([diag('b', 1, 'error'), diag('a', 2, 'warning'), diag('a', 2, 'error'), diag('a', 1, 'info')]);
    expect(s.map((d) => `${d.file}${d.line}${d.severity[0]}`)).toEqual(['a1i', 'a2e', 'a2w', 'b1e']);
  });
});
