import { ChartColumn, GitCompare, Percent, Swords } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { Tab, TabList, Tabs } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import type { Api, DocumentTexts } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import type { CampaignPlay, PlayedForCampaign } from '../campaign/campaign-bridge';
import { PlainTabPanel, tabKeySelector } from '../components/PlainTabPanel';
import { useCampaignHook } from './campaign-hook';
import { CompareView } from './CompareView';
import { createJobs } from './jobs';
import type { JobsController } from './jobs';
import { OddsView } from './OddsView';
import { openBatchBattle } from './open-battle';
import type { BatchOrigin } from './open-battle';
import { createPlayController } from './play-controller';
import type { PlayController } from './play-controller';
import { PlayView } from './PlayView';
import { defaultChoice, seedFrom } from './setup-choice';
import type { SetupChoice } from './setup-choice';
import { SetupForm } from './SetupForm';
import { SimulateView } from './SimulateView';
import { TABS } from './testrun-state';
import type { Tab as Pane } from './testrun-state';
import { testRunStoreFor, useTestRun } from './testrun-store';
import type { TestRunStore } from './testrun-store';
import '../styles/controls.css';
import './testrun.css';
import './declare.css';

/** The selector of Test run's tab `t` (for the {@link PlainTabPanel} it controls). */
const trTab = (t: Pane): string => tabKeySelector('.tr-panel .tr-tabs', t);

/** Props the app passes to the test-run panel. */
export interface TestRunPanelProps {
  api: Api;
  /** Current text of every workspace document, unsaved edits included. */
  documents: () => DocumentTexts;
  model: WorkspaceModel | null;
  diagnostics: Diagnostic[];
  /** Opens a file at a place (used to link refused setups to their errors). */
  openLocation: (file: string, line: number, column: number) => void;
  /** Root of the open workspace: the panel's state is kept per workspace. */
  workspaceRoot?: string;
  /** A battle the Campaign view asked for (issue 10); opened in Play whenever its `key` changes. */
  campaignPlay?: CampaignPlay | null;
  /** Hands a finished campaign battle back to be recorded (issue 10). */
  onRecordInCampaign?: (played: PlayedForCampaign) => void;
}

const LABELS: Record<Pane, string> = { play: 'Play', simulate: 'Simulate', compare: 'Compare', odds: 'Odds' };
/** The icon beside each tab's name (decorative: the name is the tab's accessible name). */
const ICONS: Record<Pane, LucideIcon> = { play: Swords, simulate: ChartColumn, compare: GitCompare, odds: Percent };

interface Controllers {
  play: PlayController;
  jobs: JobsController;
}
// Controllers outlive the panel (bots and jobs keep running while the Editor is shown).
const controllers = new WeakMap<TestRunStore, Controllers>();

function controllersOf(store: TestRunStore, api: Api): Controllers {
  let c = controllers.get(store);
  if (!c) {
    const jobs = createJobs(api, store);
    c = { jobs, play: createPlayController(store, () => store.getState().kept.choice?.players ?? ['me', 'greedy']) };
    controllers.set(store, c);
    if (typeof window !== 'undefined') window.addEventListener('pagehide', () => jobs.cancelAll());
  }
  return c;
}

/**
 * The test-run panel: Play, Simulate, Compare and Odds on the documents as they are in the editor
 * (unsaved edits included). Its state lives in a store per workspace, so switching to the Editor
 * or reloading the page loses nothing; results computed before the last edit say so.
 */
export function TestRunPanel({
  api,
  documents,
  model,
  diagnostics,
  openLocation,
  workspaceRoot = '',
  campaignPlay = null,
  onRecordInCampaign,
}: TestRunPanelProps) {
  const store = testRunStoreFor(workspaceRoot);
  const { play, jobs } = controllersOf(store, api);
  const tab = useTestRun(store, (s) => s.kept.tab);
  const stored = useTestRun(store, (s) => s.kept.choice);
  const panelMessage = useTestRun(store, (s) => s.live.messages.panel ?? null);
  // The documents as they are now; a new model means an edit.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const docs = useMemo(() => documents(), [model]);
  const choice = stored ?? defaultChoice(model, null, seedFrom(Math.random()));
  const setChoice = useCallback((c: SetupChoice) => store.setKept((k) => ({ ...k, choice: c })), [store]);
  useEffect(() => {
    const fixed = defaultChoice(model, stored, stored?.seed ?? choice.seed);
    if (stored === null || JSON.stringify(fixed) !== JSON.stringify(stored)) setChoice(fixed);
    // Only re-check when the workspace model changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model]);
  const onOpenBattle = useCallback(
    (battle: { run: number; seed: number }, batch: BatchOrigin) =>
      void openBatchBattle({ store, play, model, diagnostics, documents: docs }, battle, batch),
    [store, play, model, diagnostics, docs],
  );
  const record = useCampaignHook({ store, play, model, diagnostics, documents: docs, setChoice }, campaignPlay, onRecordInCampaign);
  const setTab = (k: Key): void => {
    const t = TABS.find((x) => x === k);
    if (t) store.setKept((s) => ({ ...s, tab: t }));
  };
  return (
    <div className="tr-panel">
      <Tabs selectedKey={tab} onSelectionChange={setTab}>
        <TabList aria-label="Test run" className="tr-tabs">
          {TABS.map((t) => {
            const Icon = ICONS[t];
            return (
              <Tab key={t} id={t} className="tr-tab" data-tab-key={t}>
                <Icon size={15} aria-hidden="true" />
                {LABELS[t]}
              </Tab>
            );
          })}
        </TabList>
        {tab !== 'odds' && <SetupForm model={model} choice={choice} onChange={setChoice} />}
        {panelMessage && (
          <p role="status" className="tr-message">
            {panelMessage}
          </p>
        )}
        {/* Plain tabpanels (react-aria's walk their whole view for a tabbable element after every
            render and DOM change: every decision on the board, every progress update). Play and
            Simulate stay mounted (a battle or a run goes on behind another tab); Compare and Odds
            are in the page while chosen, as react-aria's were. */}
        <PlainTabPanel tabSelector={trTab('play')} shown={tab === 'play'} className="tr-pane">
          <PlayView
            store={store}
            play={play}
            model={model}
            diagnostics={diagnostics}
            documents={docs}
            openLocation={openLocation}
            onRecord={record}
          />
        </PlainTabPanel>
        <PlainTabPanel tabSelector={trTab('simulate')} shown={tab === 'simulate'} className="tr-pane">
          <SimulateView
            store={store}
            jobs={jobs}
            model={model}
            diagnostics={diagnostics}
            documents={docs}
            openLocation={openLocation}
            onOpenBattle={onOpenBattle}
          />
        </PlainTabPanel>
        {tab === 'compare' && (
          <PlainTabPanel tabSelector={trTab('compare')} shown className="tr-pane">
            <CompareView store={store} jobs={jobs} model={model} diagnostics={diagnostics} documents={docs} openLocation={openLocation} />
          </PlainTabPanel>
        )}
        {tab === 'odds' && (
          <PlainTabPanel tabSelector={trTab('odds')} shown className="tr-pane">
            <OddsView store={store} model={model} />
          </PlainTabPanel>
        )}
      </Tabs>
    </div>
  );
}
