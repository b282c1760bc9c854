import { Button } from 'react-aria-components';
import { useMemo } from 'react';
import { problemCounts, sortDiagnostics } from '../state/doc-groups';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { totalsLabel } from './StatusBar';

/** Most rows rendered at once; the rest are counted. */
const MAX_ROWS = 500;

/**
 * Every diagnostic of the workspace (unsaved edits included) in a `region` named "Problems";
 * each entry is a button "file:line:col severity code message" that opens the file there (in
 * the YAML view, the line centred). Rows are rebuilt only when the diagnostics change.
 */
export function ProblemsPanel() {
  const store = useWorkspaceStore();
  const diagnostics = useStoreSelector((s) => s.diagnostics);
  const body = useMemo(() => {
    const sorted = sortDiagnostics(diagnostics);
    const { errors, warnings } = problemCounts(diagnostics);
    return (
      <>
        <h2>
          Problems <span className="count">{totalsLabel(errors, warnings)}</span>
        </h2>
        {sorted.length === 0 ? (
          <p className="empty">No problems in the workspace.</p>
        ) : (
          <ul>
            {sorted.slice(0, MAX_ROWS).map((d, i) => (
              <li key={`${d.file}:${d.line}:${d.column}:${d.code}:${i}`} title={d.message}>
                <Button
                  className={`problem ${d.severity}`}
                  onPress={() => void store.openLocation(d.file, d.line, d.column)}
                >
                  <span className="loc">{`${d.file}:${d.line}:${d.column}`}</span>{' '}
                  <span className="sev">{d.severity}</span> <span className="code">{d.code}</span>{' '}
                  <span className="msg">{d.message}</span>
                </Button>
              </li>
            ))}
            {sorted.length > MAX_ROWS && <li className="more">{`…and ${sorted.length - MAX_ROWS} more`}</li>}
          </ul>
        )}
      </>
    );
  }, [diagnostics, store]);
  return (
    <section aria-label="Problems" className="problems">
      {body}
    </section>
  );
}
