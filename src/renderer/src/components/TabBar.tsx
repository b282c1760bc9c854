import type { KeyboardEvent } from 'react';
import { useStoreState, useWorkspaceStore } from '../state/use-store';

/** The label of a tab: the file's base name. */
export const tabLabel = (path: string): string => path.split('/').pop() ?? path;

/**
 * Open documents as a `tablist`: each `tab` is named by its file (plus "unsaved" when dirty,
 * shown as ●) and has a close button; closing unsaved work asks first (see CloseDialog).
 * Arrow keys move between tabs; Delete closes the focused tab.
 */
export function TabBar() {
  const store = useWorkspaceStore();
  const { tabs, active } = useStoreState();
  if (tabs.length === 0) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, index: number): void => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      const next = tabs[(index + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
      store.set({ active: next.path });
      document.getElementById(tabId(next.path))?.focus();
    } else if (e.key === 'Delete') {
      e.preventDefault();
      store.requestClose(tabs[index].path);
    }
  };

  return (
    <div role="tablist" aria-label="Open documents" className="tabbar">
      {tabs.map((t, i) => {
        const label = tabLabel(t.path);
        const selected = t.path === active;
        return (
          <div key={t.path} className={`tab-wrap${selected ? ' selected' : ''}`} role="presentation">
            <div
              role="tab"
              id={tabId(t.path)}
              aria-selected={selected}
              aria-controls="editor-panel"
              aria-label={`${label}${t.dirty ? ', unsaved' : ''}`}
              tabIndex={selected ? 0 : -1}
              title={t.path}
              className="tab"
              onClick={() => store.set({ active: t.path })}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {t.dirty && (
                <span className="dirty" aria-hidden="true">
                  ●{' '}
                </span>
              )}
              {label}
            </div>
            <button
              type="button"
              className="tab-close"
              aria-label={`Close ${label}`}
              title={`Close ${t.path}`}
              onClick={() => store.requestClose(t.path)}
            >
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
}

/** DOM id of a tab element. */
export const tabId = (path: string): string => `tab-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;
