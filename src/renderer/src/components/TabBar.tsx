import { X } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useContext, useEffect } from 'react';
import { Button, Tab, TabList, TabListStateContext, Tabs } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import type { StoreState } from '../state/store-types';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { PlainTabPanel, tabKeySelector } from './PlainTabPanel';

/** The label of a tab: the file's base name. */
export const tabLabel = (path: string): string => path.split('/').pop() ?? path;

/** Key of the Welcome tab (never a document path: paths end in .yaml/.yml). */
export const WELCOME_TAB = 'welcome:';
/** Selected key while no tab is open (never a document path). */
const NO_TAB = 'no-tab:';
/** DOM id of the element holding the editor inside the active document's panel. */
export const EDITOR_PANEL_ID = 'editor-panel';
/** The selector of the document strip's tab `key` (for a {@link PlainTabPanel} it controls). */
export const docTabSelector = (key: string): string => tabKeySelector('.tab-list', CSS.escape(key));

/** One tab of the strip: the Welcome page (`path` null) or an open document. */
export interface TabEntry {
  key: string;
  label: string;
  path: string | null;
  dirty: boolean;
}

/** What the strip shows of one open document: its path and whether it is unsaved. */
export type TabHead = readonly [path: string, dirty: boolean];

/** What the strip shows of the open documents (compare with {@link sameHeads}). */
export const selectHeads = (s: StoreState): TabHead[] => s.tabs.map((t) => [t.path, t.dirty] as const);
const selectActive = (s: StoreState): string | null => s.active;

/** Equal when both list the same documents in the same order with the same dirty flags. */
export const sameHeads = (a: readonly TabHead[], b: readonly TabHead[]): boolean =>
  a.length === b.length && a.every((h, i) => h[0] === b[i]![0] && h[1] === b[i]![1]);

/**
 * The strip's entries and its selected key, read so that typing (which changes a tab's text, not
 * its path or dirty flag) does not re-render the strip.
 */
export function useDocumentTabs(): { entries: TabEntry[]; selected: string } {
  const { welcome } = useUi(uiStoreOf(useWorkspaceStore()));
  const heads = useStoreSelector(selectHeads, sameHeads);
  const active = useStoreSelector(selectActive);
  const entries: TabEntry[] = [
    ...(welcome ? [{ key: WELCOME_TAB, label: 'Welcome', path: null, dirty: false }] : []),
    ...heads.map(([path, dirty]) => ({ key: path, label: tabLabel(path), path, dirty })),
  ];
  const selected = active ?? (welcome ? WELCOME_TAB : (entries[0]?.key ?? NO_TAB));
  return { entries, selected };
}

/**
 * The open documents on react-aria-components `Tabs`: a `tablist` (one Tab stop; arrow keys,
 * Home and End move and select) whose tabs are named by their file (plus "unsaved" when dirty,
 * shown as ●), and the panels given as `children` (`TabPanel`s keyed by document path or
 * {@link WELCOME_TAB}). `head` sits at the end of the strip. The Welcome tab, while open, comes
 * first.
 */
export function DocumentTabs({ head, children }: { head?: ReactNode; children?: ReactNode }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { entries, selected } = useDocumentTabs();
  const select = (key: Key): void => {
    const k = String(key);
    if (k !== selected) store.set({ active: k === WELCOME_TAB ? null : k });
  };
  const close = (e: TabEntry): void => {
    if (e.path !== null) return store.requestClose(e.path);
    ui.set({ welcome: false });
    const first = store.getState().tabs[0];
    if (!store.getState().active && first) store.set({ active: first.path });
  };
  return (
    <Tabs className="editor-area" selectedKey={selected} onSelectionChange={select}>
      <div className="doc-head">
        {entries.length > 0 && <TabBar entries={entries} selected={selected} onClose={close} />}
        {head}
      </div>
      <TabStopFollowsSelection />
      {children}
    </Tabs>
  );
}

/**
 * Keeps the strip's one Tab stop on the selected tab while the strip has no focus: react-aria
 * moves it to a neighbour when the focused tab closes, and a later selection from elsewhere
 * (the explorer, Ctrl+P) would leave it there.
 */
function TabStopFollowsSelection() {
  const state = useContext(TabListStateContext);
  useEffect(() => {
    const m = state?.selectionManager;
    if (
      m &&
      !m.isFocused &&
      state.selectedKey != null &&
      m.focusedKey !== state.selectedKey &&
      state.collection.getItem(state.selectedKey)
    )
      m.setFocusedKey(state.selectedKey);
  });
  return null;
}

/**
 * The one panel every document tab controls (inside {@link DocumentTabs}), shown while a document
 * is selected: a {@link PlainTabPanel} of the selected tab (react-aria's `TabPanel` fixes its id
 * when it mounts); its content stays mounted across tab switches (one editor for all documents).
 */
export function SharedTabPanel({
  shown,
  className,
  children,
}: {
  shown: boolean;
  className: string;
  children: ReactNode;
}) {
  const state = useContext(TabListStateContext);
  const key = shown && state?.selectedKey != null ? String(state.selectedKey) : null;
  const tab = key === null ? null : docTabSelector(key);
  return (
    <PlainTabPanel tabSelector={tab} shown={shown} className={className}>
      {children}
    </PlainTabPanel>
  );
}

/**
 * The tab strip (inside {@link DocumentTabs}). Delete on the focused tab or a middle click closes
 * it (asking first when it has unsaved work). Each tab's close button sits beside it but outside
 * the tablist (a tablist holds only tabs, and a tab may not hold a button), out of the Tab order.
 */
function TabBar({
  entries,
  selected,
  onClose,
}: {
  entries: TabEntry[];
  selected: string;
  onClose: (e: TabEntry) => void;
}) {
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key !== 'Delete') return;
    const key = (e.target as HTMLElement).closest('[data-tab-key]')?.getAttribute('data-tab-key');
    const entry = entries.find((t) => t.key === key);
    if (!entry) return;
    e.preventDefault();
    onClose(entry);
  };
  return (
    // Delete reaches the strip from the focused tab (react-aria's Tab takes no key handler).
    <div className="tabbar" onKeyDown={onKeyDown}>
      <div className="tabbar-grid">
        <TabList aria-label="Open documents" className="tab-list">
          {entries.map((t, i) => (
            <Tab
              key={t.key}
              id={t.key}
              className="tab"
              aria-label={`${t.label}${t.dirty ? ', unsaved' : ''}`}
              data-tab-key={t.key}
              style={{ gridColumn: 2 * i + 1 }}
              onAuxClick={(e) => {
                if (e.button !== 1) return;
                e.preventDefault();
                onClose(t);
              }}
            >
              {t.dirty && (
                <span className="dirty" aria-hidden="true">
                  ●
                </span>
              )}
              <span title={t.path ?? 'Welcome'}>{t.label}</span>
            </Tab>
          ))}
        </TabList>
        <div className="tab-closers">
          {entries.map((t, i) => (
            <Button
              key={t.key}
              excludeFromTabOrder
              className={`tab-close${t.key === selected ? ' selected' : ''}`}
              style={{ gridColumn: 2 * i + 2 }}
              aria-label={`Close ${t.label}`}
              onPress={() => onClose(t)}
            >
              <X size={14} aria-hidden="true" />
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
