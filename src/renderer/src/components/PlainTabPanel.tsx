import type { ReactNode } from 'react';
import { useContext, useLayoutEffect, useState } from 'react';
import { TabListStateContext, TabsContext } from 'react-aria-components';

/**
 * The selector of the tab whose `data-tab-key` is `key` (give the tab that attribute), inside the
 * element `scope` selects: what a {@link PlainTabPanel}'s `tabSelector` names. `key` goes into a
 * quoted attribute value as it is (escape it first if it may hold quotes or backslashes).
 */
export const tabKeySelector = (scope: string, key: string): string => `${scope} [role="tab"][data-tab-key="${key}"]`;

/**
 * A `tabpanel` for react-aria `Tabs` whose content is large and repaints often (Monaco, the whole
 * editor column): named by its tab, with the id the tab's `aria-controls` gives (read from the
 * tab, found by `tabSelector` (null: none yet), once react-aria has rendered it). Not react-aria's `TabPanel`: that
 * one watches every DOM change inside it (a MutationObserver over the subtree) and walks the
 * subtree for a tabbable element each time, to decide whether the panel itself needs a Tab stop —
 * with Monaco inside, tens of ms per keystroke and per click. It takes no Tab stop of its own unless
 * `tabStop` says so (for a panel that may hold nothing focusable). Mounted always; hidden unless `shown`.
 */
export function PlainTabPanel({
  tabSelector,
  shown,
  className,
  tabStop = false,
  children,
}: {
  tabSelector: string | null;
  shown: boolean;
  className: string;
  /** Give the panel itself a Tab stop: for a panel that may hold nothing focusable (an empty list). */
  tabStop?: boolean;
  children: ReactNode;
}) {
  const state = useContext(TabListStateContext);
  const [ids, setIds] = useState<{ tab?: string; panel?: string }>({});
  const collection = state?.collection;
  useLayoutEffect(() => {
    const tab = tabSelector === null ? null : document.querySelector<HTMLElement>(tabSelector);
    // react-aria gives `aria-controls` to the selected tab only: a hidden panel keeps the id it had.
    setIds((old) => {
      const next = { panel: tab?.getAttribute('aria-controls') ?? old.panel, tab: tab?.id };
      return old.panel === next.panel && old.tab === next.tab ? old : next;
    });
  }, [tabSelector, collection, shown]);
  return (
    <WhenTabsBuilt>
      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className={className} hidden={!shown} tabIndex={tabStop ? 0 : undefined}>
        {children}
      </div>
    </WhenTabsBuilt>
  );
}

/**
 * Renders `children` only in the real render of the react-aria `Tabs` around it, not in the
 * hidden first pass that builds the Tabs' collection (where there is no tab state yet): for
 * content that is not a `TabPanel` (which skips that pass itself) and is costly or stateful. Like
 * a `TabPanel`, it hides these Tabs from `children`, so Tabs inside it build their own.
 */
export function WhenTabsBuilt({ children }: { children: ReactNode }) {
  if (useContext(TabListStateContext) === null) return null;
  return (
    <TabsContext.Provider value={null}>
      <TabListStateContext.Provider value={null}>{children}</TabListStateContext.Provider>
    </TabsContext.Provider>
  );
}
