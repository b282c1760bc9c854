import { PanelRightOpen } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { Theme } from '../theme';
import type { StoreState } from '../state/store-types';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { EditorFallback } from './EditorFallback';
import { IconButton } from './IconButton';
import { PlainTabPanel } from './PlainTabPanel';
import { DocumentTabs, docTabSelector, EDITOR_PANEL_ID, SharedTabPanel, WELCOME_TAB } from './TabBar';

// Chunks of their own (issue 15): Monaco and the editor, loaded after the first paint; the
// welcome page (and the rules text with it), loaded when it first shows.
const EditorPane = lazy(() => import('../monaco/editor-chunk').then((m) => ({ default: m.EditorPane })));
const Welcome = lazy(() => import('./Welcome').then((m) => ({ default: m.Welcome })));

const selectActive = (s: StoreState): string | null => s.active;
const selectHasTabs = (s: StoreState): boolean => s.tabs.length > 0;

/**
 * The documents: their tab strip (with the Welcome tab while it is open) and the panel of the
 * active document's editor, or the welcome page. Every document tab controls the one editor
 * panel, which stays mounted (hidden) while the Welcome tab or no tab is selected, so Monaco is
 * created once. "Show the inspector" sits at the end of the tab strip while the inspector is
 * hidden. Typing does not re-render this.
 */
export function DocumentArea({ editorWanted, theme }: { editorWanted: boolean; theme: Theme }) {
  const ui = uiStoreOf(useWorkspaceStore());
  const { welcome, inspectorOpen } = useUi(ui);
  const active = useStoreSelector(selectActive);
  const hasTabs = useStoreSelector(selectHasTabs);
  const showWelcome = welcome && !active;
  return (
    <DocumentTabs
      head={
        !inspectorOpen && (
          <IconButton
            label="Show the inspector"
            icon={PanelRightOpen}
            onPress={() => ui.set({ inspectorOpen: true })}
          />
        )
      }
    >
      {!hasTabs && !welcome && (
        <p className="empty">Open a document from the explorer, or press Ctrl+P to find one.</p>
      )}
      {welcome && (
        <PlainTabPanel
          tabSelector={showWelcome ? docTabSelector(WELCOME_TAB) : null}
          shown={showWelcome}
          className="doc-panel"
        >
          <Suspense
            fallback={
              <p className="loading" role="status">
                Loading the welcome page…
              </p>
            }
          >
            <Welcome />
          </Suspense>
        </PlainTabPanel>
      )}
      <SharedTabPanel shown={active !== null} className="doc-panel">
        <div id={EDITOR_PANEL_ID} className="doc-panel">
          {editorWanted ? (
            <Suspense fallback={<EditorFallback />}>
              <EditorPane theme={theme} />
            </Suspense>
          ) : (
            <EditorFallback />
          )}
        </div>
      </SharedTabPanel>
    </DocumentTabs>
  );
}
