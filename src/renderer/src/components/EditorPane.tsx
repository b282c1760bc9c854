import type * as Monaco from 'monaco-editor';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Tab, TabList, Tabs } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import { useEditorServices } from '../monaco/editor-context';
import { afterPaint } from '../after-paint';
import { installEditorCommands } from '../monaco/editor-commands';
import type { Theme } from '../theme';
import { uiStoreOf } from '../state/ui-store';
import { runUndo } from '../state/undo-route';
import { activeTabOf, selectActiveMeta } from '../state/selectors';
import type { StoreState } from '../state/store-types';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { ChangeBanner } from './ChangeBanner';
import { ReadOnlyBanner } from './ReadOnlyBanner';
import { DiffView } from './DiffView';
import { PlainTabPanel, tabKeySelector } from './PlainTabPanel';
import { askRenameFromForm } from './rename-from-form';

const VIEW_LABEL = { yaml: 'YAML', form: 'Form', campaign: 'Campaign', sheet: 'Sheet' } as const;
/** The Document view's YAML tab (for the editor panel's id and name). */
const viewTab = (v: View): string => tabKeySelector('.editor-pane [role="tablist"][aria-label="Document view"]', v);
const YAML_TAB = viewTab('yaml');
type View = keyof typeof VIEW_LABEL;
/** The forms are a chunk of their own (issue 15), loaded the first time a Form view opens. */
const DocumentForm = lazy(() => import('../forms/index').then((m) => ({ default: m.DocumentForm })));
/** The Campaign view is a chunk of its own too (issue 10), loaded when a campaign's view opens. */
const CampaignView = lazy(() =>
  import('../campaign/CampaignView').then((m) => ({ default: m.CampaignView })),
);
/** The print sheet (issue 16), loaded when a Sheet view opens. */
const SheetView = lazy(() => import('./SheetView').then((m) => ({ default: m.SheetView })));

/**
 * The document area: change banner, a YAML | Form (| Sheet | Campaign) tab strip, one Monaco
 * editor showing the active tab's model (view state kept per tab), or the form view of the
 * same text. The Monaco model stays alive while the form shows, so undo/redo spans both views.
 * A reveal (Problems, references, search) switches to YAML and lays the editor out first, so the
 * line lands in the middle of the visible editor. Memoized, and subscribed to the active tab
 * without its text: a keystroke does not re-render it (only the views that show the text).
 */
export const EditorPane = memo(function EditorPane({ theme }: { theme: Theme }) {
  const services = useEditorServices();
  const store = useWorkspaceStore();
  // Not the text: typing re-renders only the views that show it (ActiveText below), not this.
  const meta = useStoreSelector(selectPaneMeta);
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const viewStates = useRef(new Map<string, Monaco.editor.ICodeEditorViewState | null>());
  const shownPath = useRef<string | null>(null);

  // Monaco is created just after the frame that shows the first tab, not before it: the tab
  // strip's react-aria collection re-renders synchronously after a commit, and React runs pending
  // effects before that render, so creating it here directly put 100+ ms of Monaco set-up between
  // the click and the frame that shows the tab.
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let made: Monaco.editor.IStandaloneCodeEditor | null = null;
    let commands: { dispose(): void } | null = null;
    const cancel = afterPaint(() => {
      made = services.monaco.editor.create(el, {
        model: null,
        automaticLayout: true,
        minimap: { enabled: false },
        fixedOverflowWidgets: true,
        renderValidationDecorations: 'on',
        tabSize: 2,
        ariaLabel: 'YAML editor. Press Escape then Tab to leave it, or Ctrl+M to make Tab move focus.',
        lightbulb: { enabled: 'on' as never },
      });
      services.editor = made;
      window.__mortisphere = { monaco: services.monaco, editor: made };
      commands = installEditorCommands(services, made, store, uiStoreOf(store));
      setEditor(made);
    });
    return () => {
      cancel();
      commands?.dispose();
      if (!made) return;
      services.editor = null;
      made.dispose();
      setEditor(null);
    };
  }, [services, store]);

  useEffect(() => {
    services.monaco.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs');
  }, [services, theme]);

  const activePath = meta.path;
  const tabCount = meta.tabCount;
  useEffect(() => {
    if (!editor) return;
    const prev = shownPath.current;
    if (prev && prev !== activePath && services.registry.get(prev))
      viewStates.current.set(prev, editor.saveViewState());
    const model = activePath ? (services.registry.get(activePath) ?? null) : null;
    if (editor.getModel() !== model) {
      editor.setModel(model);
      const vs = activePath ? viewStates.current.get(activePath) : null;
      if (vs) editor.restoreViewState(vs);
    }
    shownPath.current = activePath;
  }, [services, editor, activePath, tabCount]);

  const reveal = meta.reveal;
  useEffect(() => {
    if (!editor || !reveal) return;
    const model = services.registry.get(reveal.path);
    if (!model || editor.getModel() !== model) return;
    if (store.tab(reveal.path)?.view !== 'yaml') store.patchTab(reveal.path, { view: 'yaml' });
    const pos = { lineNumber: reveal.line, column: reveal.column };
    // The YAML panel may have been hidden (Form view) until this render: lay the editor out in
    // its real size before revealing, so the line is centred in what the user sees.
    const frame = requestAnimationFrame(() => {
      editor.layout();
      editor.setPosition(pos);
      editor.revealPositionInCenter(pos);
      editor.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [services, store, editor, reveal, activePath]);

  const undo = useCallback(
    (redo: boolean) => void runUndo(store, services.registry, redo, false),
    [store, services],
  );

  const { kind, isCampaign } = meta;
  // Crews and scenarios also have a print sheet (src/shared/print); campaigns a Campaign view.
  const printable = kind === 'crew' || kind === 'scenario' ? kind : null;
  const views: readonly View[] = isCampaign
    ? ['yaml', 'form', 'campaign']
    : printable
      ? ['yaml', 'form', 'sheet']
      : ['yaml', 'form'];
  const wanted = meta.view ?? 'yaml';
  const view: View = views.includes(wanted) ? wanted : 'yaml';
  const compare = meta.compare && meta.compare.path === activePath ? meta.compare : null;
  const setView = (k: Key): void => {
    if (activePath && views.includes(k as View)) store.patchTab(activePath, { view: k as View });
  };
  const path = activePath;
  return (
    <div className="editor-pane">
      {(meta.banner || meta.readOnly) && <ActiveBanners />}
      {compare && path && <DiffView path={path} diskText={compare.diskText} theme={theme} />}
      <Tabs selectedKey={view} onSelectionChange={setView} className="doc-panel" isDisabled={!path}>
        <TabList aria-label="Document view" className="view-switch" hidden={!path}>
          {views.map((v) => (
            <Tab key={v} id={v} data-tab-key={v}>
              {VIEW_LABEL[v]}
            </Tab>
          ))}
        </TabList>
        {/* Monaco's panel: a plain tabpanel (react-aria's would re-scan Monaco's DOM on every keystroke). */}
        <PlainTabPanel tabSelector={YAML_TAB} shown={view === 'yaml' && !compare} className="doc-panel">
          <div className="monaco-host" ref={host} />
        </PlainTabPanel>
        {/* The other views' panels are plain tabpanels too, in the page only while selected, as
            react-aria's are: each holds its own controls, and react-aria's would walk the whole form
            for a tabbable element after every change in it (a keystroke in a field, a new tab). */}
        {path && view === 'campaign' && (
          <PlainTabPanel tabSelector={viewTab('campaign')} shown className="form-host">
            <Suspense fallback={<LoadingView what="the Campaign view" />}>
              <ActiveText path={path}>
                {({ text, model }) => <CampaignView path={path} text={text} model={model} />}
              </ActiveText>
            </Suspense>
          </PlainTabPanel>
        )}
        {path && printable && view === 'sheet' && (
          <PlainTabPanel tabSelector={viewTab('sheet')} shown className="doc-panel">
            <Suspense fallback={<LoadingView what="the sheet" />}>
              <ActiveText path={path}>
                {({ text, model }) => <SheetView kind={printable} text={text} model={model} />}
              </ActiveText>
            </Suspense>
          </PlainTabPanel>
        )}
        {path && view === 'form' && (
          <PlainTabPanel tabSelector={viewTab('form')} shown={!compare} className="form-host">
            <Suspense fallback={<LoadingView what="the form" />}>
              <ActiveText path={path}>
                {({ text, model, diagnostics }) => (
                  <DocumentForm
                    path={path}
                    text={text}
                    onTextChange={(next) => store.applyText(path, next)}
                    diagnostics={diagnostics}
                    model={model}
                    onUndo={() => undo(false)}
                    onRedo={() => undo(true)}
                    onIdChange={(change) => void askRenameFromForm(store, path, change)}
                    registerFlush={(flush) => store.addFlusher(flush)}
                  />
                )}
              </ActiveText>
            </Suspense>
          </PlainTabPanel>
        )}
      </Tabs>
    </div>
  );
});

/** What the pane itself shows of the state: the active tab without its text, its kind, compare and reveal. */
function selectPaneMeta(s: StoreState) {
  const meta = selectActiveMeta(s);
  const kind = meta.path ? (s.documents.find((d) => d.path === meta.path)?.kind ?? null) : null;
  const text = kind === 'campaign' || !meta.path ? '' : (activeTabOf(s)?.text ?? '');
  return {
    ...meta,
    kind,
    isCampaign: kind === 'campaign' || /^kind:\s*campaign\s*$/m.test(text),
    compare: s.compare,
    reveal: s.reveal,
  };
}

/** The active tab's change and read-only banners (they need the whole tab). */
function ActiveBanners() {
  const tab = useStoreSelector(activeTabOf);
  if (!tab) return null;
  return (
    <>
      <ChangeBanner tab={tab} />
      <ReadOnlyBanner tab={tab} />
    </>
  );
}

/**
 * The text of the tab at `path`, the workspace model and that file's diagnostics, for the views
 * that show the text (form, sheet, campaign): they re-render as it is typed, the pane does not.
 */
function ActiveText({
  path,
  children,
}: {
  path: string;
  children: (v: {
    text: string;
    model: StoreState['model'];
    diagnostics: StoreState['diagnostics'];
  }) => ReactNode;
}) {
  const { text, model, all } = useStoreSelector((s) => ({
    text: s.tabs.find((t) => t.path === path)?.text ?? '',
    model: s.model,
    all: s.diagnostics,
  }));
  const diagnostics = useMemo(() => all.filter((d) => d.file === path), [all, path]);
  return children({ text, model, diagnostics });
}

/** The status shown while a view's chunk loads ("Loading the form…"). */
function LoadingView({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      {`Loading ${what}…`}
    </p>
  );
}
