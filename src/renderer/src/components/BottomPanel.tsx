import { ChevronDown } from 'lucide-react';
import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import type { PanelTab } from '../state/ui-store';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useWorkspaceStore } from '../state/use-store';
import { ProblemsPanel } from './ProblemsPanel';
import { ReferencesPanel } from './ReferencesPanel';
import { SearchPanel } from './SearchPanel';

const TABS: { id: PanelTab; label: string }[] = [
  { id: 'problems', label: 'Problems' },
  { id: 'search', label: 'Search' },
  { id: 'references', label: 'References' },
];

/** The bottom panel (resizable, collapsible with Ctrl+J): Problems, Search and References. */
export function BottomPanel() {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { panel } = useUi(ui);
  return (
    <Tabs selectedKey={panel} onSelectionChange={(k: Key) => ui.set({ panel: k as PanelTab })} className="bottom-panel">
      <div className="panel-head">
        <TabList aria-label="Panel" className="view-switch">
          {TABS.map((t) => (
            <Tab key={t.id} id={t.id}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        <Button className="icon-button panel-hide" aria-label="Hide the panel" onPress={() => ui.set({ panelOpen: false })}>
          <ChevronDown size={16} aria-hidden="true" />
        </Button>
      </div>
      <TabPanel id="problems" className="panel-body">
        <ProblemsPanel />
      </TabPanel>
      <TabPanel id="search" shouldForceMount className="panel-body">
        <SearchPanel />
      </TabPanel>
      <TabPanel id="references" className="panel-body">
        <ReferencesPanel />
      </TabPanel>
    </Tabs>
  );
}
