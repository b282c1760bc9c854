import { X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreState, useWorkspaceStore } from '../state/use-store';

/** The label of a tab: the file's base name. */
export const tabLabel = (path: string): string => path.split('/').pop() ?? path;

/** Key of the Welcome tab (never a document path: paths end in .yaml/.yml). */
export const WELCOME_TAB = 'welcome:';
/** DOM id of the panel every document tab controls (one editor shows the active document). */
export const EDITOR_PANEL_ID = 'editor-panel';
/** DOM id of the Welcome tab's panel. */
export const WELCOME_PANEL_ID = 'welcome-panel';

/** DOM id of a tab. */
export const tabId = (key: string): string => `tab-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/**
 * The open documents as a `tablist` (the WAI-ARIA tabs pattern, one Tab stop): each `tab` is
 * named by its file (plus "unsaved" when dirty, shown as ●) and controls the one editor panel;
 * arrow keys, Home and End move and select, Delete closes the focused tab (asking first when it
 * has unsaved work). Each tab's close button sits beside it but outside the tablist (a tablist
 * holds only tabs), out of the Tab order. The Welcome tab, while open, comes first. (Written
 * with plain ARIA: react-aria-components' Tabs want one panel per tab, and the documents share
 * one Monaco editor.)
 */
export function TabBar() {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { welcome } = useUi(ui);
  const { tabs, active } = useStoreState();
  if (tabs.length === 0 && !welcome) return null;
  const entries = [...(welcome ? [{ key: WELCOME_TAB, label: 'Welcome', path: null, dirty: false }] : []), ...tabs.map((t) => ({ key: t.path, label: tabLabel(t.path), path: t.path, dirty: t.dirty }))];
  const selected = active ?? (welcome ? WELCOME_TAB : entries[0]!.key);
  const closeWelcome = (): void => {
    ui.set({ welcome: false });
    if (!store.getState().active && tabs[0]) store.set({ active: tabs[0].path });
  };
  const select = (key: string): void => store.set({ active: key === WELCOME_TAB ? null : key });
  const close = (e: (typeof entries)[number]): void => (e.path === null ? closeWelcome() : store.requestClose(e.path));
  const onKeyDown = (e: KeyboardEvent, i: number): void => {
    const n = entries.length;
    const to = e.key === 'ArrowRight' ? (i + 1) % n : e.key === 'ArrowLeft' ? (i + n - 1) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : null;
    if (to !== null) {
      e.preventDefault();
      select(entries[to]!.key);
      requestAnimationFrame(() => document.getElementById(tabId(entries[to]!.key))?.focus());
    } else if (e.key === 'Delete') {
      e.preventDefault();
      close(entries[i]!);
    }
  };
  return (
    <div className="tabbar">
      <div className="tabbar-grid">
        <div role="tablist" aria-label="Open documents">
          {entries.map((t, i) => (
            <div
              key={t.key}
              role="tab"
              id={tabId(t.key)}
              className="tab"
              aria-selected={t.key === selected}
              aria-controls={t.path === null ? WELCOME_PANEL_ID : EDITOR_PANEL_ID}
              aria-label={`${t.label}${t.dirty ? ', unsaved' : ''}`}
              tabIndex={t.key === selected ? 0 : -1}
              title={t.path ?? 'Welcome'}
              style={{ gridColumn: 2 * i + 1 }}
              onClick={() => select(t.key)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {t.dirty && (
                <span className="dirty" aria-hidden="true">
                  ●
                </span>
              )}
              {t.label}
            </div>
          ))}
        </div>
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
              onClick={() => close(t)}
            >
              <X size={14} aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
