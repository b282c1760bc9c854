import { ChevronLeft } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { Group, Panel, Separator, useDefaultLayout, usePanelRef } from 'react-resizable-panels';
import { campaignBridge } from './campaign/campaign-bridge';
import { appCommands } from './commands/app-commands';
import { useShortcuts } from './commands/use-shortcuts';
import { AppHeader } from './components/AppHeader';
import { BottomPanel, PANEL_HEAD_PX } from './components/BottomPanel';
import { CloseDialog } from './components/CloseDialog';
import { DocumentArea } from './components/DocumentArea';
import { Explorer } from './components/Explorer';
import { MainViews } from './components/MainViewSwitch';
import { HistoryDialog } from './components/HistoryDialog';
import { Inspector } from './components/Inspector';
import { Overlays } from './components/Overlays';
import { StartPage } from './components/StartPage';
import { StatusBar } from './components/StatusBar';
import { TestRunSlot } from './components/TestRunSlot';
import { StatusToasts } from './components/Toasts';
import { useEditorLoader, useOptionalEditorServices } from './monaco/editor-context';
import { autoPanelOpen, usePanelOpenPolicy } from './state/panel-open';
import { selectShell } from './state/selectors';
import { uiStoreOf, useUi } from './state/ui-store';
import { useStoreSelector, useWorkspaceStore } from './state/use-store';
import { useSystemTheme } from './theme';

/** Panel sizes are kept per workspace in this window's localStorage. */
const layoutStorage = typeof window !== 'undefined' ? window.localStorage : undefined;
/** The key under which a workspace was welcomed (the welcome page shows once per workspace). */
const welcomedKey = (root: string): string => `mortisphere.welcomed:${root}`;

/**
 * The whole window (issue 14 layout): a banner with the workspace name, the main toolbar and the
 * Editor / Test run switch; a resizable, collapsible explorer (Ctrl+B) beside the main area,
 * which holds the documents (or the Test run) above a resizable, collapsible panel of Problems,
 * Search and References (Ctrl+J) that collapses to its header (state/panel-open.ts); the status
 * bar; status messages as toasts. Panel sizes and the panel's open state are remembered per workspace.
 * Unsaved drafts are flushed when the page is hidden or unloaded.
 */
export function App() {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const loader = useEditorLoader();
  const services = useOptionalEditorServices();
  // Only what the frame decides on: typing and validation answers do not re-render the window.
  const state = useStoreSelector(selectShell);
  const uiState = useUi(ui);
  const theme = useSystemTheme();

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // Campaign ⇄ Test run (issue 10): a battle asked for opens Play; a battle to record opens the campaign.
  const bridge = useSyncExternalStore(campaignBridge.subscribe, campaignBridge.getState, campaignBridge.getState);
  const lastPlay = useRef(bridge.play?.key);
  useEffect(() => {
    if (bridge.play && bridge.play.key !== lastPlay.current) {
      lastPlay.current = bridge.play.key;
      ui.set({ view: 'testrun' });
    }
  }, [bridge.play, ui]);
  useEffect(() => {
    const path = bridge.toRecord?.campaignPath;
    if (!path) return;
    ui.set({ view: 'editor' });
    void store.open(path).then((opened) => opened && store.patchTab(path, { view: 'campaign' }));
  }, [bridge.toRecord, store, ui]);

  const unsaved = state.unsaved;
  const wsName = state.workspace?.name;
  const root = state.workspace?.root ?? null;
  useEffect(() => {
    document.title = `${unsaved ? '● ' : ''}${wsName ? `${wsName} — ` : ''}Mortisphere Studio`;
  }, [unsaved, wsName]);

  // The welcome page shows on a workspace's first open (and from Help), and gives way to the
  // first document opened.
  useEffect(() => {
    if (!root || state.loading) return;
    try {
      if (layoutStorage?.getItem(welcomedKey(root))) return;
      layoutStorage?.setItem(welcomedKey(root), '1');
    } catch {
      return;
    }
    if (!store.getState().active) ui.set({ welcome: true });
  }, [root, state.loading, store, ui]);
  useEffect(() => {
    if (state.active && ui.getState().welcome) ui.set({ welcome: false });
  }, [state.active, ui]);

  useEffect(() => {
    const flush = (): void => store.flushDrafts();
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
    };
  }, [store]);

  const commands = useMemo(() => appCommands({ store, ui, services: () => loader.services }), [store, ui, loader]);
  const sheetShown = useCallback(() => {
    const s = store.getState();
    return ui.getState().view === 'editor' && s.tabs.find((t) => t.path === s.active)?.view === 'sheet';
  }, [store, ui]);
  const flushEditor = useCallback(() => store.flushEditor(), [store]);
  useShortcuts(commands, sheetShown, flushEditor);

  // Monaco loads when a document is open, or once the window is idle after the workspace shows.
  const hasWorkspace = !!state.workspace;
  useEffect(() => (hasWorkspace ? loader.loadWhenIdle() : undefined), [loader, hasWorkspace]);
  const editorWanted = services !== null || state.hasTabs;

  if (state.loading) return <p className="loading" role="status">Loading workspace…</p>;
  if (!state.workspace) return <StartPage />;
  return (
    <div className="app">
      <AppHeader commands={commands} />
      <Body
        key={state.workspace.root}
        root={state.workspace.root}
        editorWanted={editorWanted}
        theme={theme}
        testRun={<TestRunSlot />}
      />
      <StatusBar />
      <StatusToasts />
      <CloseDialog />
      {uiState.historyOf && <HistoryDialog path={uiState.historyOf} onClose={() => ui.set({ historyOf: null })} />}
      <Overlays commands={commands} />
    </div>
  );
}

/** The explorer and the main area, in resizable panels whose sizes are kept per workspace. */
function Body({ root, editorWanted, theme, testRun }: { root: string; editorWanted: boolean; theme: ReturnType<typeof useSystemTheme>; testRun: ReactNode }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { explorerOpen, panelOpen } = useUi(ui);
  // null until the first validation answer; then whether there are problems (not the list itself).
  const problems = useStoreSelector((s) => (s.model === null ? null : autoPanelOpen(s.diagnostics)));
  const startOpen = usePanelOpenPolicy(ui, root, layoutStorage, problems);
  const outer = useDefaultLayout({ id: `mortisphere.layout:${root}:columns`, storage: layoutStorage });
  const inner = useDefaultLayout({ id: `mortisphere.layout:${root}:rows`, storage: layoutStorage });
  const explorer = usePanelRef();
  const bottom = usePanelRef();
  useEffect(() => {
    const p = explorer.current;
    if (!p) return;
    if (explorerOpen && p.isCollapsed()) p.expand();
    else if (!explorerOpen && !p.isCollapsed()) p.collapse();
  }, [explorerOpen, explorer]);
  useEffect(() => {
    const p = bottom.current;
    if (!p) return;
    if (panelOpen && p.isCollapsed()) p.expand();
    else if (!panelOpen && !p.isCollapsed()) p.collapse();
  }, [panelOpen, bottom]);
  const follow = (key: 'explorerOpen' | 'panelOpen', collapsed: number) => (size: { inPixels: number }) => {
    const open = size.inPixels > collapsed + 1;
    if (ui.getState()[key] !== open) ui.set({ [key]: open });
  };
  return (
    <main className="body">
    <Group orientation="horizontal" className="columns" id="body" defaultLayout={outer.defaultLayout} onLayoutChanged={outer.onLayoutChanged}>
      <Panel id="explorer" panelRef={explorer} collapsible collapsedSize={0} minSize={150} defaultSize="22%" maxSize="50%" onResize={follow('explorerOpen', 0)} className="panel-fill">
        {/* Collapsed, its content leaves the tab order and the accessibility tree too. */}
        <nav aria-label="Workspace documents" className="explorer panel-fill" hidden={!explorerOpen}>
          <div className="side-heading">
            <h2>Explorer</h2>
            <Button className="icon-button" aria-label="Hide the explorer" onPress={() => ui.set({ explorerOpen: false })}>
              <ChevronLeft size={16} aria-hidden="true" />
            </Button>
          </div>
          <Explorer />
        </nav>
      </Panel>
      <Separator className="resize-handle" aria-label="Resize the explorer" />
      <Panel id="main" minSize="30%" className="panel-fill">
        <div className="main">
          <Group orientation="vertical" id="main-rows" className="rows" defaultLayout={inner.defaultLayout} onLayoutChanged={inner.onLayoutChanged}>
            <Panel id="content" minSize={120} className="panel-fill">
              <MainViews editor={<EditorColumns root={root} editorWanted={editorWanted} theme={theme} />} testRun={testRun} />
            </Panel>
            <Separator className="resize-handle horizontal" aria-label="Resize the Problems panel" />
            {/* Collapsed, the panel keeps its header: the tabs with the Problems count badge. */}
            <Panel id="panel" panelRef={bottom} collapsible collapsedSize={PANEL_HEAD_PX} minSize={80} defaultSize={startOpen ? '22%' : PANEL_HEAD_PX} maxSize="70%" onResize={follow('panelOpen', PANEL_HEAD_PX)} className="panel-fill">
              <BottomPanel open={panelOpen} />
            </Panel>
          </Group>
        </div>
      </Panel>
    </Group>
    </main>
  );
}

/**
 * The documents beside the inspector (issue 17, item 3): resizable, and collapsible with its Hide
 * button or "Show the inspector"; its size and whether it is shown are kept per workspace.
 */
function EditorColumns({ root, editorWanted, theme }: { root: string; editorWanted: boolean; theme: ReturnType<typeof useSystemTheme> }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { inspectorOpen } = useUi(ui);
  const saved = useDefaultLayout({ id: `mortisphere.layout:${root}:editor`, storage: layoutStorage });
  const inspector = usePanelRef();
  // A workspace whose saved layout has the inspector collapsed opens with it collapsed.
  const startOpen = useRef((saved.defaultLayout?.['inspector'] ?? 1) > 0).current;
  useLayoutEffect(() => {
    ui.set({ inspectorOpen: startOpen });
  }, [ui, startOpen]);
  useEffect(() => {
    const p = inspector.current;
    if (!p) return;
    if (inspectorOpen && p.isCollapsed()) p.expand();
    else if (!inspectorOpen && !p.isCollapsed()) p.collapse();
  }, [inspectorOpen, inspector]);
  return (
    <Group orientation="horizontal" id="editor-columns" className="columns" defaultLayout={saved.defaultLayout} onLayoutChanged={saved.onLayoutChanged}>
      <Panel id="documents" minSize="40%" className="panel-fill">
        <DocumentArea editorWanted={editorWanted} theme={theme} />
      </Panel>
      <Separator className="resize-handle" aria-label="Resize the inspector" />
      <Panel
        id="inspector"
        panelRef={inspector}
        collapsible
        collapsedSize={0}
        minSize={200}
        defaultSize={startOpen ? '26%' : 0}
        maxSize="50%"
        onResize={(size) => {
          const open = size.inPixels > 1;
          if (ui.getState().inspectorOpen !== open) ui.set({ inspectorOpen: open });
        }}
        className="panel-fill"
      >
        {/* Collapsed, its content leaves the tab order and the accessibility tree too. */}
        <div className="panel-fill" hidden={!inspectorOpen}>
          <Inspector onHide={() => ui.set({ inspectorOpen: false })} />
        </div>
      </Panel>
    </Group>
  );
}
