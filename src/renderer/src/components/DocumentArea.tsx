import { lazy, Suspense, useRef } from 'react';
import { TabPanel, Tabs } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import type { Theme } from '../theme';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreState, useWorkspaceStore } from '../state/use-store';
import { EditorFallback } from './EditorFallback';
import { TabBar, WELCOME_TAB } from './TabBar';

// Chunks of their own (issue 15): Monaco and the editor, loaded after the first paint; the
// welcome page (and the rules text with it), loaded when it first shows.
const EditorPane = lazy(() => import('../monaco/editor-chunk').then((m) => ({ default: m.EditorPane })));
const Welcome = lazy(() => import('./Welcome').then((m) => ({ default: m.Welcome })));

/**
 * The documents: their tab strip (with the Welcome tab while it is open) and one panel showing
 * the active document's editor, or the welcome page. The editor stays mounted (hidden) when the
 * Welcome tab or no tab is selected, so Monaco is created once.
 */
export function DocumentArea({ editorWanted, theme }: { editorWanted: boolean; theme: Theme }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { welcome } = useUi(ui);
  const { tabs, active } = useStoreState();
  const lastDoc = useRef<string | null>(null);
  if (active) lastDoc.current = active;
  const docKey = active ?? (lastDoc.current && tabs.some((t) => t.path === lastDoc.current) ? lastDoc.current : 'none:');
  const selected = active ?? (welcome ? WELCOME_TAB : null);
  const onSelect = (k: Key): void => {
    const key = String(k);
    if (key === WELCOME_TAB) store.set({ active: null });
    else if (key !== store.getState().active && tabs.some((t) => t.path === key)) store.set({ active: key });
  };
  return (
    <Tabs selectedKey={selected ?? undefined} onSelectionChange={onSelect} className="editor-area">
      <TabBar />
      {tabs.length === 0 && !welcome && <p className="empty">Open a document from the explorer, or press Ctrl+P to find one.</p>}
      {welcome && (
        <TabPanel id={WELCOME_TAB} className="doc-panel">
          <Suspense fallback={<p className="loading" role="status">Loading the welcome page…</p>}>
            <Welcome />
          </Suspense>
        </TabPanel>
      )}
      <TabPanel id={docKey} shouldForceMount className="doc-panel">
        {editorWanted ? (
          <Suspense fallback={<EditorFallback />}>
            <EditorPane theme={theme} />
          </Suspense>
        ) : (
          <EditorFallback />
        )}
      </TabPanel>
    </Tabs>
  );
}
