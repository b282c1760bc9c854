import { PanelRightOpen } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { Theme } from '../theme';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreState, useWorkspaceStore } from '../state/use-store';
import { EditorFallback } from './EditorFallback';
import { IconButton } from './IconButton';
import { EDITOR_PANEL_ID, TabBar, tabId, WELCOME_PANEL_ID, WELCOME_TAB } from './TabBar';

// Chunks of their own (issue 15): Monaco and the editor, loaded after the first paint; the
// welcome page (and the rules text with it), loaded when it first shows.
const EditorPane = lazy(() => import('../monaco/editor-chunk').then((m) => ({ default: m.EditorPane })));
const Welcome = lazy(() => import('./Welcome').then((m) => ({ default: m.Welcome })));

/**
 * The documents: their tab strip (with the Welcome tab while it is open) and the panel of the
 * active document's editor, or the welcome page. The editor stays mounted (hidden) when the
 * Welcome tab or no tab is selected, so Monaco is created once. "Show the inspector" sits at the
 * end of the tab strip while the inspector is hidden.
 */
export function DocumentArea({ editorWanted, theme }: { editorWanted: boolean; theme: Theme }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { welcome, inspectorOpen } = useUi(ui);
  const { tabs, active } = useStoreState();
  const showWelcome = welcome && !active;
  return (
    <div className="editor-area">
      <div className="doc-head">
        <TabBar />
        {!inspectorOpen && <IconButton label="Show the inspector" icon={PanelRightOpen} onPress={() => ui.set({ inspectorOpen: true })} />}
      </div>
      {tabs.length === 0 && !welcome && <p className="empty">Open a document from the explorer, or press Ctrl+P to find one.</p>}
      {welcome && (
        <div role="tabpanel" id={WELCOME_PANEL_ID} aria-labelledby={tabId(WELCOME_TAB)} className="doc-panel" hidden={!showWelcome}>
          <Suspense fallback={<p className="loading" role="status">Loading the welcome page…</p>}>
            <Welcome />
          </Suspense>
        </div>
      )}
      <div role="tabpanel" id={EDITOR_PANEL_ID} aria-labelledby={active ? tabId(active) : undefined} className="doc-panel" hidden={!active}>
        {editorWanted ? (
          <Suspense fallback={<EditorFallback />}>
            <EditorPane theme={theme} />
          </Suspense>
        ) : (
          <EditorFallback />
        )}
      </div>
    </div>
  );
}
