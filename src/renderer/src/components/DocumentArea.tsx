import { PanelRightOpen } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { TabPanel } from 'react-aria-components';
import type { Theme } from '../theme';
import type { StoreState } from '../state/store-types';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { EditorFallback } from './EditorFallback';
import { IconButton } from './IconButton';
import { DocumentTabs, EDITOR_PANEL_ID, WELCOME_TAB, WhenTabsBuilt } from './TabBar';

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
 * created once. (react-aria's `TabPanel` fixes its id when it mounts, so the shared panel is a
 * plain `tabpanel` that takes its id and label from the selected tab's `aria-controls` and id.)
 * "Show the inspector" sits at the end of the tab strip while the inspector is hidden. Typing
 * does not re-render this.
 */
export function DocumentArea({ editorWanted, theme }: { editorWanted: boolean; theme: Theme }) {
  const ui = uiStoreOf(useWorkspaceStore());
  const { welcome, inspectorOpen } = useUi(ui);
  const active = useStoreSelector(selectActive);
  const hasTabs = useStoreSelector(selectHasTabs);
  const showWelcome = welcome && !active;
  const tabs = useRef<HTMLDivElement>(null);
  const [ids, setIds] = useState<{ panel?: string; tab?: string }>({});
  useLayoutEffect(() => {
    const tab = active ? tabs.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') : null;
    const next = { panel: tab?.getAttribute('aria-controls') ?? undefined, tab: tab?.id };
    setIds((old) => (old.panel === next.panel && old.tab === next.tab ? old : next));
  }, [active, hasTabs, welcome]);
  return (
    <DocumentTabs
      ref={tabs}
      head={!inspectorOpen && <IconButton label="Show the inspector" icon={PanelRightOpen} onPress={() => ui.set({ inspectorOpen: true })} />}>
      {!hasTabs && !welcome && <p className="empty">Open a document from the explorer, or press Ctrl+P to find one.</p>}
      {welcome && (
        <TabPanel id={WELCOME_TAB} shouldForceMount className="doc-panel" hidden={!showWelcome}>
          <Suspense fallback={<p className="loading" role="status">Loading the welcome page…</p>}>
            <Welcome />
          </Suspense>
        </TabPanel>
      )}
      <WhenTabsBuilt>
        <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className="doc-panel" hidden={!active}>
          <div id={EDITOR_PANEL_ID} className="doc-panel">
            {editorWanted ? (
              <Suspense fallback={<EditorFallback />}>
                <EditorPane theme={theme} />
              </Suspense>
            ) : (
              <EditorFallback />
            )}
          </div>
        </div>
      </WhenTabsBuilt>
    </DocumentTabs>
  );
}
