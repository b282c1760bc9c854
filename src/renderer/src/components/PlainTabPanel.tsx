import type { ReactNode } from 'react';
import { useContext, useLayoutEffect, useState } from 'react';
import { TabListStateContext } from 'react-aria-components';
import { WhenTabsBuilt } from './TabBar';

/**
 * A `tabpanel` for react-aria `Tabs` whose content is large and repaints often (Monaco, the whole
 * editor column): named by its tab, with the id the tab's `aria-controls` gives (read from the
 * tab, found by `tabSelector`, once react-aria has rendered it). Not react-aria's `TabPanel`: that
 * one watches every DOM change inside it (a MutationObserver over the subtree) and walks the
 * subtree for a tabbable element each time, to decide whether the panel itself needs a Tab stop —
 * with Monaco inside, tens of ms per keystroke and per click. Use it only where the panel always
 * holds tabbable controls (it takes no Tab stop of its own). Mounted always; hidden unless `shown`.
 */
export function PlainTabPanel({ tabSelector, shown, className, children }: { tabSelector: string; shown: boolean; className: string; children: ReactNode }) {
  const state = useContext(TabListStateContext);
  const [ids, setIds] = useState<{ tab?: string; panel?: string }>({});
  const collection = state?.collection;
  useLayoutEffect(() => {
    const tab = document.querySelector<HTMLElement>(tabSelector);
    // react-aria gives `aria-controls` to the selected tab only: a hidden panel keeps the id it had.
    setIds((old) => {
      const next = { panel: tab?.getAttribute('aria-controls') ?? old.panel, tab: tab?.id };
      return old.panel === next.panel && old.tab === next.tab ? old : next;
    });
  }, [tabSelector, collection, shown]);
  return (
    <WhenTabsBuilt>
      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className={className} hidden={!shown}>
        {children}
      </div>
    </WhenTabsBuilt>
  );
}
