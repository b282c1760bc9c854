import { useStoreState } from '../state/use-store';

/** "1 error, 2 warnings" (always both counts). */
export const totalsLabel = (errors: number, warnings: number): string =>
  `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;

/** Workspace name, error/warning totals and the save state; the message is a polite live region. */
export function StatusBar() {
  const { workspace, diagnostics, tabs, status } = useStoreState();
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const unsaved = tabs.filter((t) => t.dirty).length;
  return (
    <footer className="statusbar">
      <span className="ws-name">{workspace?.name ?? 'No workspace'}</span>
      <span>{totalsLabel(errors, warnings)}</span>
      <span>{unsaved ? `${unsaved} unsaved` : 'All saved'}</span>
      <span role="status" aria-live="polite" className={status.error ? 'status-error' : undefined}>
        {status.text}
      </span>
    </footer>
  );
}
