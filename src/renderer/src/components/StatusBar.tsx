import { X } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from 'react-aria-components';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreState, useWorkspaceStore } from '../state/use-store';

/** "1 error, 2 warnings" (always both counts). */
export const totalsLabel = (errors: number, warnings: number): string =>
  `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;

/** How long an information message stays in the status bar (errors stay until replaced or dismissed). */
export const STATUS_CLEAR_MS = 8000;

/**
 * Workspace name, error/warning totals, the save state, "Tab moves focus" while that mode is on,
 * and the message: a polite live region. An information message clears itself after a while;
 * an error stays until the next message or until dismissed.
 */
export function StatusBar() {
  const store = useWorkspaceStore();
  const { workspace, diagnostics, tabs, status } = useStoreState();
  const { tabFocus } = useUi(uiStoreOf(store));
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const unsaved = tabs.filter((t) => t.dirty).length;
  useEffect(() => {
    if (status.error || status.text === '') return;
    const timer = setTimeout(() => {
      if (store.getState().status === status) store.set({ status: { text: '', error: false } });
    }, STATUS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [store, status]);
  return (
    <footer className="statusbar">
      <span className="ws-name">{workspace?.name ?? 'No workspace'}</span>
      <span>{totalsLabel(errors, warnings)}</span>
      <span>{unsaved ? `${unsaved} unsaved` : 'All saved'}</span>
      {tabFocus && <span className="tab-focus">Tab moves focus</span>}
      <span role="status" aria-live="polite" className={status.error ? 'status-error' : undefined}>
        {status.text}
      </span>
      {status.action && status.text !== '' && (
        <Button
          onPress={() => {
            const run = status.action!.run;
            store.set({ status: { text: '', error: false } });
            run();
          }}
        >
          {status.action.label}
        </Button>
      )}
      {status.error && status.text !== '' && (
        <Button aria-label="Dismiss the message" onPress={() => store.set({ status: { text: '', error: false } })}>
          <X size={12} aria-hidden="true" />
        </Button>
      )}
    </footer>
  );
}
