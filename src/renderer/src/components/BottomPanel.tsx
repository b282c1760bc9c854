import { ChevronDown, ChevronUp } from 'lucide-react';
import { Button, Tab, TabList, Tabs } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import type { PanelTab } from '../state/ui-store';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useMemo } from 'react';
import { problemCounts } from '../state/doc-groups';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { ProblemsBadge } from './ProblemsBadge';
import { PlainTabPanel, tabKeySelector } from './PlainTabPanel';
import { ProblemsPanel } from './ProblemsPanel';
import { ReferencesPanel } from './ReferencesPanel';
import { SearchPanel } from './SearchPanel';
import { totalsLabel } from './StatusBar';

/** Height of the panel's header (tabs and badge) in CSS pixels, border included: its collapsed size. */
export const PANEL_HEAD_PX = 32;

/** The selector of the panel's tab `id` (for the {@link PlainTabPanel} it controls). */
const panelTab = (id: PanelTab): string => tabKeySelector('.bottom-panel .panel-head', id);

const TABS: { id: PanelTab; label: string }[] = [
  { id: 'problems', label: 'Problems' },
  { id: 'search', label: 'Search' },
  { id: 'references', label: 'References' },
];

/**
 * The bottom panel (resizable, collapsible with Ctrl+J): Problems, Search and References.
 * Collapsed (`open` false), only its header shows: the tabs, the Problems count badge and "Show
 * the panel"; choosing a tab opens it.
 */
export function BottomPanel({ open }: { open: boolean }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { panel } = useUi(ui);
  const diagnostics = useStoreSelector((s) => s.diagnostics);
  const counts = useMemo(() => problemCounts(diagnostics), [diagnostics]);
  const openOnClick = () => {
    if (!ui.getState().panelOpen) ui.set({ panelOpen: true });
  };
  return (
    <Tabs selectedKey={panel} onSelectionChange={(k: Key) => ui.showPanel(k as PanelTab)} className="bottom-panel">
      <div className="panel-head">
        <TabList aria-label="Panel" className="view-switch">
          {TABS.map((t) => (
            <Tab key={t.id} id={t.id} data-tab-key={t.id} onClick={openOnClick} aria-label={t.id === 'problems' ? `Problems, ${totalsLabel(counts.errors, counts.warnings)}` : undefined}>
              {t.label}
              {t.id === 'problems' && <ProblemsBadge counts={counts} />}
            </Tab>
          ))}
        </TabList>
        {open ? (
          <Button className="icon-button panel-hide" aria-label="Hide the panel" onPress={() => ui.set({ panelOpen: false })}>
            <ChevronDown size={16} aria-hidden="true" />
          </Button>
        ) : (
          <Button className="icon-button panel-hide" aria-label="Show the panel" onPress={() => ui.set({ panelOpen: true })}>
            <ChevronUp size={16} aria-hidden="true" />
          </Button>
        )}
      </div>
      {/* Collapsed, the panels leave the tab order and the accessibility tree. */}
      <div className="panel-bodies" hidden={!open}>
        {/* Plain tabpanels: react-aria's re-render with every validation answer and then walk the
            panel for a tabbable element, forcing a style pass in the middle of the commit. The
            Problems and References panels are in the page only while chosen (as react-aria's are);
            Search stays, with what was typed. Both may list nothing, so they keep a Tab stop. */}
        {panel === 'problems' && (
          <PlainTabPanel tabSelector={panelTab('problems')} shown className="panel-body" tabStop>
            <ProblemsPanel />
          </PlainTabPanel>
        )}
        <PlainTabPanel tabSelector={panelTab('search')} shown={panel === 'search'} className="panel-body">
          <SearchPanel />
        </PlainTabPanel>
        {panel === 'references' && (
          <PlainTabPanel tabSelector={panelTab('references')} shown className="panel-body" tabStop>
            <ReferencesPanel />
          </PlainTabPanel>
        )}
      </div>
    </Tabs>
  );
}
