import type { KeyboardEvent } from 'react';
import { useRef } from 'react';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useWorkspaceStore } from '../state/use-store';

const VIEWS = [
  { id: 'editor', label: 'Editor' },
  { id: 'testrun', label: 'Test run' },
] as const;

/** DOM ids of a main view's tab and panel (the panels live in the resizable layout). */
export const mainTabId = (view: 'editor' | 'testrun'): string => `main-tab-${view}`;
export const mainPanelId = (view: 'editor' | 'testrun'): string => `main-panel-${view}`;

/**
 * The Editor / Test run switch: a `tablist` whose tabs control the two main panels. Written with
 * plain ARIA rather than react-aria-components' Tabs, whose collection pass would render the
 * whole resizable layout between the tabs and their panels a second time. Arrow keys, Home and
 * End move and select (one Tab stop).
 */
export function MainViewSwitch() {
  const ui = uiStoreOf(useWorkspaceStore());
  const { view } = useUi(ui);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (i: number): void => {
    const v = VIEWS[(i + VIEWS.length) % VIEWS.length]!;
    ui.set({ view: v.id });
    refs.current[VIEWS.indexOf(v)]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, i: number): void => {
    const to = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? VIEWS.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    select(to);
  };
  return (
    <div role="tablist" aria-label="Main view" className="view-switch main-view">
      {VIEWS.map((v, i) => (
        <button
          key={v.id}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={mainTabId(v.id)}
          aria-selected={view === v.id}
          aria-controls={mainPanelId(v.id)}
          tabIndex={view === v.id ? 0 : -1}
          onClick={() => ui.set({ view: v.id })}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}
