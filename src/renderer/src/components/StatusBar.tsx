import { problemCounts } from '../state/doc-groups';
import { unsavedCount } from '../state/selectors';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';

/** "1 error, 2 warnings" (always both counts). */
export const totalsLabel = (errors: number, warnings: number): string =>
  `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;

/**
 * Workspace name, error/warning totals, the save state and "Tab moves focus" while that mode is
 * on. Messages are toasts (components/Toasts.tsx).
 */
export function StatusBar() {
  const store = useWorkspaceStore();
  const { workspace, diagnostics, unsaved } = useStoreSelector((s) => ({ workspace: s.workspace, diagnostics: s.diagnostics, unsaved: unsavedCount(s) }));
  const { tabFocus } = useUi(uiStoreOf(store));
  const { errors, warnings } = problemCounts(diagnostics);
  return (
    <footer className="statusbar">
      <span className="ws-name">{workspace?.name ?? 'No workspace'}</span>
      <span>{totalsLabel(errors, warnings)}</span>
      <span>{unsaved ? `${unsaved} unsaved` : 'All saved'}</span>
      {tabFocus && <span className="tab-focus">Tab moves focus</span>}
    </footer>
  );
}
