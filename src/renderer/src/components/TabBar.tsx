import { X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Tab, TabList } from 'react-aria-components';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreState, useWorkspaceStore } from '../state/use-store';

/** The label of a tab: the file's base name. */
export const tabLabel = (path: string): string => path.split('/').pop() ?? path;

/** Key of the Welcome tab (never a document path: paths end in .yaml/.yml). */
export const WELCOME_TAB = 'welcome:';

/**
 * The open documents as a react-aria-components `tablist` (inside the document area's Tabs):
 * each `tab` is named by its file (plus "unsaved" when dirty, shown as ●); arrow keys move,
 * Delete closes the focused tab (asking first when it has unsaved work). Each tab's close
 * button sits beside it but outside the tablist (a tablist holds only tabs), out of the Tab
 * order; the Welcome tab, while open, comes first.
 */
export function TabBar() {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { welcome } = useUi(ui);
  const { tabs, active } = useStoreState();
  if (tabs.length === 0 && !welcome) return null;
  const closeWelcome = (): void => {
    ui.set({ welcome: false });
    if (!store.getState().active && tabs[0]) store.set({ active: tabs[0].path });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key !== 'Delete') return;
    const tab = (e.target as HTMLElement).closest('[role=tab]');
    const i = [...e.currentTarget.querySelectorAll('[role=tab]')].indexOf(tab as Element);
    const entry = entries[i];
    if (!entry) return;
    e.preventDefault();
    if (entry.path === null) closeWelcome();
    else store.requestClose(entry.path);
  };
  const entries = [...(welcome ? [{ key: WELCOME_TAB, label: 'Welcome', path: null, dirty: false }] : []), ...tabs.map((t) => ({ key: t.path, label: tabLabel(t.path), path: t.path, dirty: t.dirty }))];
  const selected = active ?? (welcome ? WELCOME_TAB : null);
  return (
    <div className="tabbar">
      <div className="tabbar-grid" onKeyDown={onKeyDown}>
        <TabList aria-label="Open documents">
          {entries.map((t, i) => (
            <Tab
              key={t.key}
              id={t.key}
              className="tab"
              aria-label={`${t.label}${t.dirty ? ', unsaved' : ''}`}
              style={{ gridColumn: 2 * i + 1 }}
            >
              <span title={t.path ?? 'Welcome'}>
                {t.dirty && (
                  <span className="dirty" aria-hidden="true">
                    ●{' '}
                  </span>
                )}
                {t.label}
              </span>
            </Tab>
          ))}
        </TabList>
        <div className="tab-closers">
          {entries.map((t, i) => (
            <button
              key={t.key}
              type="button"
              tabIndex={-1}
              className={`tab-close${t.key === selected ? ' selected' : ''}`}
              style={{ gridColumn: 2 * i + 2 }}
              aria-label={`Close ${t.label}`}
              title={t.path ? `Close ${t.path} (Delete on the tab)` : 'Close Welcome'}
              onClick={() => (t.path === null ? closeWelcome() : store.requestClose(t.path))}
            >
              <X size={14} aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
