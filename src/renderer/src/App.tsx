import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { campaignBridge } from './campaign/campaign-bridge';
import { CloseDialog } from './components/CloseDialog';
import { EditorFallback } from './components/EditorFallback';
import { Explorer } from './components/Explorer';
import { HistoryDialog } from './components/HistoryDialog';
import { NewDocument } from './components/NewDocument';
import { ProblemsPanel } from './components/ProblemsPanel';
import { RecentMenu, StartPage } from './components/StartPage';
import { StatusBar } from './components/StatusBar';
import { TabBar } from './components/TabBar';
import { useEditorLoader, useOptionalEditorServices } from './monaco/editor-context';
import { useStoreState, useWorkspaceStore } from './state/use-store';
import { workspaceEdits } from './state/workspace-edit';
import { useSystemTheme } from './theme';

// Chunks of their own (issue 15): Monaco and the editor, loaded after the first paint; the Test
// run view (and recharts with it), loaded when first opened.
const EditorPane = lazy(() => import('./monaco/editor-chunk').then((m) => ({ default: m.EditorPane })));
const TestRunPanel = lazy(() => import('./testrun/index').then((m) => ({ default: m.TestRunPanel })));

/**
 * The whole window: toolbar, explorer, tabs + editor (or the test-run view), Problems, status.
 * Ctrl/Cmd+S saves the active tab, Ctrl/Cmd+Shift+S saves all. Unsaved drafts are flushed when
 * the page is hidden or unloaded.
 */
export function App() {
  const store = useWorkspaceStore();
  const loader = useEditorLoader();
  const services = useOptionalEditorServices();
  const state = useStoreState();
  const theme = useSystemTheme();
  const [view, setView] = useState<'editor' | 'testrun'>('editor');
  const [historyOf, setHistoryOf] = useState<string | null>(null);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // Campaign ⇄ Test run (issue 10): a battle asked for opens Play; a battle to record opens the campaign.
  const bridge = useSyncExternalStore(campaignBridge.subscribe, campaignBridge.getState, campaignBridge.getState);
  const edits = workspaceEdits(store);
  const stack = useSyncExternalStore(edits.subscribe, edits.getState, edits.getState);
  const lastPlay = useRef(bridge.play?.key);
  useEffect(() => {
    if (bridge.play && bridge.play.key !== lastPlay.current) {
      lastPlay.current = bridge.play.key;
      setView('testrun');
    }
  }, [bridge.play]);
  useEffect(() => {
    const path = bridge.toRecord?.campaignPath;
    if (!path) return;
    setView('editor');
    void store.open(path).then((opened) => opened && store.patchTab(path, { view: 'campaign' }));
  }, [bridge.toRecord, store]);

  const unsaved = state.tabs.some((t) => t.dirty);
  const wsName = state.workspace?.name;
  useEffect(() => {
    document.title = `${unsaved ? '● ' : ''}${wsName ? `${wsName} — ` : ''}Mortisphere Studio`;
  }, [unsaved, wsName]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      e.stopPropagation();
      const s = store.getState();
      if (e.shiftKey) void store.saveAll();
      else if (s.active) void store.save(s.active);
    };
    const flush = (): void => store.flushDrafts();
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
    };
  }, [store]);

  // Monaco loads when a document is open, or once the window is idle after the workspace shows.
  const hasWorkspace = !!state.workspace;
  useEffect(() => (hasWorkspace ? loader.loadWhenIdle() : undefined), [loader, hasWorkspace]);
  const editorWanted = services !== null || state.tabs.length > 0;

  if (state.loading) return <p className="loading" role="status">Loading workspace…</p>;
  if (!state.workspace) return <StartPage />;

  const active = state.active;
  const activeTab = state.tabs.find((t) => t.path === active);
  const model = active ? services?.registry.get(active) : undefined;
  // In the Campaign view, Undo and Redo work on the workspace's multi-file changes.
  const campaignActive = view === 'editor' && activeTab?.view === 'campaign';
  return (
    <div className="app">
      <header className="toolbar" role="toolbar" aria-label="Main">
        <strong className="ws-title">{state.workspace.name}</strong>
        <RecentMenu />
        <NewDocument />
        <button type="button" disabled={!activeTab} onClick={() => active && void store.save(active)} title="Ctrl/Cmd+S">
          Save
        </button>
        <button type="button" disabled={!unsaved} onClick={() => void store.saveAll()} title="Ctrl/Cmd+Shift+S">
          Save All
        </button>
        <button
          type="button"
          disabled={campaignActive ? !stack.undo || stack.busy : !model}
          title={campaignActive && stack.undo ? `Undo ${stack.undo} (every file it changed)` : undefined}
          onClick={() => (campaignActive ? void edits.undo().then((r) => !r.ok && store.status(r.error.message, true)) : void model?.undo())}
        >
          Undo
        </button>
        <button
          type="button"
          disabled={campaignActive ? !stack.redo || stack.busy : !model}
          title={campaignActive && stack.redo ? `Redo ${stack.redo}` : undefined}
          onClick={() => (campaignActive ? void edits.redo().then((r) => !r.ok && store.status(r.error.message, true)) : void model?.redo())}
        >
          Redo
        </button>
        <button type="button" disabled={!activeTab} onClick={() => active && setHistoryOf(active)}>
          History
        </button>
        <span role="tablist" aria-label="Main view" className="view-switch main-view">
          <button type="button" role="tab" aria-selected={view === 'editor'} onClick={() => setView('editor')}>
            Editor
          </button>
          <button type="button" role="tab" aria-selected={view === 'testrun'} onClick={() => setView('testrun')}>
            Test run
          </button>
        </span>
      </header>
      <div className="body">
        <nav className="explorer" aria-label="Workspace documents">
          <Explorer />
        </nav>
        <main className="main">
          <div className="editor-area" hidden={view !== 'editor'}>
            <TabBar />
            {state.tabs.length === 0 && <p className="empty">Open a document from the explorer.</p>}
            {editorWanted ? (
              <Suspense fallback={<EditorFallback />}>
                <EditorPane theme={theme} />
              </Suspense>
            ) : (
              <EditorFallback />
            )}
          </div>
          {view === 'testrun' && (
            <div className="testrun-area">
              <Suspense
                fallback={
                  <p className="loading" role="status">
                    Loading the Test run view…
                  </p>
                }
              >
                <TestRunPanel
                  api={store.api}
                  documents={() => store.documents()}
                  model={state.model}
                  diagnostics={state.diagnostics}
                  workspaceRoot={state.workspace.root}
                  openLocation={(file, line, column) => {
                    setView('editor');
                    void store.openLocation(file, line, column);
                  }}
                  campaignPlay={bridge.play}
                  onRecordInCampaign={(played) => campaignBridge.recordPlayed(played)}
                />
              </Suspense>
            </div>
          )}
          <ProblemsPanel />
        </main>
      </div>
      <StatusBar />
      <CloseDialog />
      {historyOf && <HistoryDialog path={historyOf} onClose={() => setHistoryOf(null)} />}
    </div>
  );
}
