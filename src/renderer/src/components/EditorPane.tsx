import type * as Monaco from 'monaco-editor';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useEditorServices } from '../monaco/editor-context';
import type { Theme } from '../theme';
import { useStoreState, useWorkspaceStore } from '../state/use-store';
import { ChangeBanner } from './ChangeBanner';
import { ReadOnlyBanner } from './ReadOnlyBanner';
import { DiffView } from './DiffView';
import { tabId } from './TabBar';

const VIEW_LABEL = { yaml: 'YAML', form: 'Form', campaign: 'Campaign', sheet: 'Sheet' } as const;
/** The forms are a chunk of their own (issue 15), loaded the first time a Form view opens. */
const DocumentForm = lazy(() => import('../forms/index').then((m) => ({ default: m.DocumentForm })));
/** The Campaign view is a chunk of its own too (issue 10), loaded when a campaign's view opens. */
const CampaignView = lazy(() => import('../campaign/CampaignView').then((m) => ({ default: m.CampaignView })));
/** The print sheet (issue 16), loaded when a Sheet view opens. */
const SheetView = lazy(() => import('./SheetView').then((m) => ({ default: m.SheetView })));

/**
 * The document area: change banner, YAML | Form switch, one Monaco editor showing the active
 * tab's model (view state kept per tab), or the form view of the same text. The Monaco model
 * stays alive while the form shows, so undo/redo spans both views.
 */
export function EditorPane({ theme }: { theme: Theme }) {
  const services = useEditorServices();
  const store = useWorkspaceStore();
  const state = useStoreState();
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const viewStates = useRef(new Map<string, Monaco.editor.ICodeEditorViewState | null>());
  const shownPath = useRef<string | null>(null);
  const tab = state.tabs.find((t) => t.path === state.active) ?? null;

  useEffect(() => {
    if (!host.current) return;
    const editor = services.monaco.editor.create(host.current, {
      model: null,
      automaticLayout: true,
      minimap: { enabled: false },
      fixedOverflowWidgets: true,
      renderValidationDecorations: 'on',
      tabSize: 2,
      ariaLabel: 'YAML editor',
    });
    editorRef.current = editor;
    services.editor = editor;
    window.__mortisphere = { monaco: services.monaco, editor };
    return () => {
      services.editor = null;
      editor.dispose();
      editorRef.current = null;
    };
  }, [services]);

  useEffect(() => {
    services.monaco.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs');
  }, [services, theme]);

  const activePath = tab?.path ?? null;
  const tabCount = state.tabs.length;
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    const prev = shownPath.current;
    if (prev && prev !== activePath && services.registry.get(prev)) viewStates.current.set(prev, editor.saveViewState());
    const model = activePath ? (services.registry.get(activePath) ?? null) : null;
    if (editor.getModel() !== model) {
      editor.setModel(model);
      const vs = activePath ? viewStates.current.get(activePath) : null;
      if (vs) editor.restoreViewState(vs);
    }
    shownPath.current = activePath;
  }, [services, activePath, tabCount]);

  const reveal = state.reveal;
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || !reveal) return;
    const model = services.registry.get(reveal.path);
    if (!model || editor.getModel() !== model) return;
    if (store.tab(reveal.path)?.view !== 'yaml') store.patchTab(reveal.path, { view: 'yaml' });
    const pos = { lineNumber: reveal.line, column: reveal.column };
    editor.setPosition(pos);
    editor.revealPositionInCenter(pos);
    editor.focus();
  }, [services, store, reveal, activePath]);

  const kind = tab ? (state.documents.find((d) => d.path === tab.path)?.kind ?? null) : null;
  const isCampaign = !!tab && (kind === 'campaign' || /^kind:\s*campaign\s*$/m.test(tab.text));
  // Crews and scenarios also have a print sheet (src/shared/print); campaigns a Campaign view.
  const printable = kind === 'crew' || kind === 'scenario' ? kind : null;
  const views = isCampaign ? (['yaml', 'form', 'campaign'] as const) : printable ? (['yaml', 'form', 'sheet'] as const) : (['yaml', 'form'] as const);
  const wanted = tab?.view ?? 'yaml';
  const view = (views as readonly string[]).includes(wanted) ? wanted : 'yaml';
  const compare = state.compare && state.compare.path === activePath ? state.compare : null;
  return (
    <div
      className="editor-pane"
      id="editor-panel"
      role="tabpanel"
      aria-labelledby={tab ? tabId(tab.path) : undefined}
      hidden={!tab}
    >
      {tab && <ChangeBanner tab={tab} />}
      {tab && <ReadOnlyBanner tab={tab} />}
      {tab && (
        <div role="tablist" aria-label="Document view" className="view-switch">
          {views.map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              onClick={() => store.patchTab(tab.path, { view: v })}
            >
              {VIEW_LABEL[v]}
            </button>
          ))}
        </div>
      )}
      {compare && tab && <DiffView path={tab.path} diskText={compare.diskText} theme={theme} />}
      <div className="monaco-host" ref={host} hidden={view !== 'yaml' || !!compare} />
      {tab && view === 'campaign' && !compare && (
        <div className="form-host">
          <Suspense fallback={<p className="loading" role="status">Loading the Campaign view…</p>}>
            <CampaignView path={tab.path} text={tab.text} model={state.model} />
          </Suspense>
        </div>
      )}
      {tab && view === 'sheet' && printable && !compare && (
        <Suspense fallback={<p className="loading" role="status">Loading the sheet…</p>}>
          <SheetView kind={printable} text={tab.text} model={state.model} />
        </Suspense>
      )}
      {tab && view === 'form' && !compare && (
        <div className="form-host">
          <Suspense
            fallback={
              <p className="loading" role="status">
                Loading the form…
              </p>
            }
          >
            <DocumentForm
              path={tab.path}
              text={tab.text}
              onTextChange={(text) => store.applyText(tab.path, text)}
              diagnostics={state.diagnostics.filter((d) => d.file === tab.path)}
              model={state.model}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
