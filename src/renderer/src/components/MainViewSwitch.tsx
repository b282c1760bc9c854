import type { ReactNode } from 'react';
import { useCallback, useContext } from 'react';
import { createPortal } from 'react-dom';
import { Tab, TabList, TabListStateContext, Tabs } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import type { UiState } from '../state/ui-store';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useWorkspaceStore } from '../state/use-store';
import type { WorkspaceStore } from '../state/workspace-store';
import { PlainTabPanel, tabKeySelector } from './PlainTabPanel';

type View = UiState['view'];

/** The main view switch's tab of a view (for its panel's id and name). */
const tabOf = (view: View): string => tabKeySelector('.main-view', view);

const VIEWS: readonly { id: View; label: string }[] = [
  { id: 'editor', label: 'Editor' },
  { id: 'testrun', label: 'Test run' },
];

/**
 * The switch's home: an element made once per window, that the header's {@link MainViewSwitch}
 * holds and {@link MainViews} portals its tablist into. It exists before either renders, so the
 * tablist is rendered (and its tabs' ids known to the panels) from the first render on.
 */
const homes = new WeakMap<WorkspaceStore, HTMLElement>();
const homeOf = (store: WorkspaceStore): HTMLElement => {
  let home = homes.get(store);
  if (!home) {
    home = document.createElement('div');
    home.className = 'main-view-home';
    homes.set(store, home);
  }
  return home;
};

/**
 * Where the Editor / Test run switch shows in the header. The switch itself belongs to
 * {@link MainViews}, which owns the panels it controls, and is portalled here.
 */
export function MainViewSwitch() {
  const home = homeOf(useWorkspaceStore());
  const hold = useCallback(
    (el: HTMLDivElement | null) => {
      if (el && home.parentElement !== el) el.appendChild(home);
    },
    [home],
  );
  return <div className="main-view-slot" ref={hold} />;
}

/**
 * The Editor / Test run switch and its two panels, on react-aria-components `Tabs`: a `tablist`
 * ("Main view"; arrow keys, Home and End move and select, one Tab stop) shown in the header's
 * {@link MainViewSwitch}, and the panels here. The Editor panel stays mounted while hidden, so
 * its documents, layout and Monaco survive a switch; Test run's content is mounted while shown
 * (its state lives in its own stores). The view is the UI store's `view`.
 */
export function MainViews({ editor, testRun }: { editor: ReactNode; testRun: ReactNode }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { view } = useUi(ui);
  const select = (key: Key): void => {
    const next = VIEWS.find((v) => v.id === key);
    if (next && next.id !== ui.getState().view) ui.set({ view: next.id });
  };
  return (
    <Tabs className="panel-fill" selectedKey={view} onSelectionChange={select}>
      <SwitchInHeader home={homeOf(store)} />
      {/* Plain tabpanels: react-aria's TabPanel would re-scan the editor's DOM on every repaint. */}
      <PlainTabPanel tabSelector={tabOf('editor')} shown={view === 'editor'} className="main-panel">
        {editor}
      </PlainTabPanel>
      <PlainTabPanel tabSelector={tabOf('testrun')} shown={view === 'testrun'} className="main-panel testrun-area">
        <h2 className="visually-hidden">Test run</h2>
        {view === 'testrun' && testRun}
      </PlainTabPanel>
    </Tabs>
  );
}

/**
 * The switch's tablist. react-aria builds a Tabs' collection in a first, hidden pass (no tab
 * state yet), where the list renders in place; rendered for real, it goes to the header's slot.
 * Only this list and the (hideable, so skipped) panels render in that pass, not the layout.
 */
function SwitchInHeader({ home }: { home: HTMLElement }) {
  const building = useContext(TabListStateContext) === null;
  const list = (
    <TabList aria-label="Main view" className="view-switch main-view">
      {VIEWS.map((v) => (
        <Tab key={v.id} id={v.id} className="view-tab" data-tab-key={v.id}>
          {v.label}
        </Tab>
      ))}
    </TabList>
  );
  return building ? list : createPortal(list, home);
}

