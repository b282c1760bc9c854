import { useEffect, useRef, useState } from 'react';
import type { Api, DocumentTexts } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { createBotClient } from './bot-client';
import type { BotClient } from './bot-client';
import { CompareView } from './CompareView';
import { OddsView } from './OddsView';
import { PlayView } from './PlayView';
import type { OpenBattle } from './PlayView';
import type { PlaySession } from './play-session';
import { prepareBattle, defaultChoice, seedFrom } from './setup-choice';
import type { SetupChoice } from './setup-choice';
import { SetupForm } from './SetupForm';
import { SimulateView } from './SimulateView';
import type { CampaignPlay, PlayedForCampaign } from '../campaign/campaign-bridge';
import './testrun.css';

/** Props the app passes to the test-run panel. */
export interface TestRunPanelProps {
  api: Api;
  /** Current text of every workspace document, unsaved edits included. */
  documents: () => DocumentTexts;
  model: WorkspaceModel | null;
  diagnostics: Diagnostic[];
  /** Opens a file at a place (used to link refused setups to their errors). */
  openLocation: (file: string, line: number, column: number) => void;
  /** A battle the Campaign view asked for (issue 10); opened in Play whenever its `key` changes. */
  campaignPlay?: CampaignPlay | null;
  /** Hands a finished campaign battle back to be recorded (issue 10). */
  onRecordInCampaign?: (played: PlayedForCampaign) => void;
}

type Tab = 'play' | 'simulate' | 'compare' | 'odds';
const TABS: { id: Tab; label: string }[] = [
  { id: 'play', label: 'Play' },
  { id: 'simulate', label: 'Simulate' },
  { id: 'compare', label: 'Compare' },
  { id: 'odds', label: 'Odds' },
];

// The panel is unmounted when the user switches to the editor; the setup survives that.
let remembered: SetupChoice | null = null;

/**
 * The test-run panel: Play, Simulate, Compare and Odds on the documents as they are in the editor
 * (unsaved edits included). A setup whose documents have errors is refused with clickable errors.
 */
export function TestRunPanel({ api, documents, model, diagnostics, openLocation, campaignPlay, onRecordInCampaign }: TestRunPanelProps) {
  const [tab, setTab] = useState<Tab>('play');
  const [choice, setChoiceState] = useState<SetupChoice>(() =>
    defaultChoice(model, remembered, seedFrom(Math.random())),
  );
  const [opened, setOpened] = useState<OpenBattle | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const bots = useRef<BotClient | null>(null);
  const setChoice = (c: SetupChoice): void => {
    remembered = c;
    setChoiceState(c);
  };
  useEffect(() => {
    const fixed = defaultChoice(model, choice, choice.seed);
    if (JSON.stringify(fixed) !== JSON.stringify(choice)) setChoice(fixed);
    // Only re-check when the workspace model changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model]);
  useEffect(() => () => bots.current?.dispose(), []);

  // Campaign hook (issue 10): open the battle the Campaign view asked for.
  const campaignKey = campaignPlay?.key;
  useEffect(() => {
    if (!campaignPlay) return;
    setChoice(campaignPlay.choice);
    setTab('play');
    if (campaignPlay.opened) {
      setOpened({ ...campaignPlay.opened });
      return;
    }
    const p = prepareBattle(model, diagnostics, campaignPlay.choice);
    if (p.ok) setOpened({ setup: p.setup, seed: campaignPlay.choice.seed, decisions: [], note: `Campaign battle: ${p.setup.scenarioName}, seed ${campaignPlay.choice.seed}.`, autoStart: true });
    else setOpening(p.refusal.message);
    // Only when the Campaign view asks for another battle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [campaignKey]);
  const recordable = (s: PlaySession): boolean =>
    !!campaignPlay &&
    !campaignPlay.replay &&
    s.setup.scenarioId === campaignPlay.choice.scenario &&
    s.setup.sides[0].crewId === campaignPlay.choice.crews[0] &&
    s.setup.sides[1].crewId === campaignPlay.choice.crews[1];
  const record =
    campaignPlay && !campaignPlay.replay && onRecordInCampaign
      ? (s: PlaySession): void => {
          if (!recordable(s)) {
            setOpening(`This battle is not the campaign's planned battle (${campaignPlay.choice.scenario}: ${campaignPlay.choice.crews.join(' against ')}); it cannot be recorded in the campaign.`);
            return;
          }
          onRecordInCampaign({ campaignPath: campaignPlay.campaignPath, campaignId: campaignPlay.campaignId, setup: s.setup, state: s.state, events: s.events, decisions: s.decisions, seed: s.seed, players: choice.players });
        }
      : undefined;

  const openBattle = async (
    ref: { run: number; seed: number; rounds: number; outcome: string },
    simBots: [string, string],
    simSeed: number,
  ): Promise<void> => {
    const p = prepareBattle(model, diagnostics, choice);
    if (!p.ok) return;
    setOpening(`Opening the battle of run ${ref.run + 1} (seed ${ref.seed})…`);
    bots.current ??= createBotClient();
    const decisions = await bots.current.simulated(p.setup, simBots, simSeed, ref.run, ref.seed);
    setOpening(decisions.ok ? null : decisions.error.message);
    if (!decisions.ok) return;
    setChoice({
      ...choice,
      seed: ref.seed,
      players: [simBots[0] as SetupChoice['players'][0], simBots[1] as SetupChoice['players'][1]],
    });
    setOpened({
      setup: p.setup,
      seed: ref.seed,
      decisions: decisions.value,
      note: `Battle ${ref.run + 1} of the simulation (seed ${ref.seed}): ${ref.rounds} rounds, ${ref.outcome === 'draw' ? 'a draw' : `side ${ref.outcome} wins`}. Rewind to any event to play on from there.`,
    });
    setTab('play');
  };

  return (
    <div className="tr-panel">
      <div role="tablist" aria-label="Test run" className="tr-tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tr-tab-${t.id}`}
            aria-controls={`tr-pane-${t.id}`}
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab !== 'odds' && <SetupForm model={model} choice={choice} onChange={setChoice} />}
      {opening && <p role="status">{opening}</p>}
      <div role="tabpanel" id={`tr-pane-${tab}`} aria-labelledby={`tr-tab-${tab}`}>
        <div hidden={tab !== 'play'}>
          <PlayView
            model={model}
            diagnostics={diagnostics}
            choice={choice}
            onChoice={setChoice}
            openLocation={openLocation}
            opened={opened}
            onRecord={record}
          />
        </div>
        <div hidden={tab !== 'simulate'}>
          <SimulateView
            api={api}
            documents={documents}
            model={model}
            diagnostics={diagnostics}
            choice={choice}
            openLocation={openLocation}
            onOpenBattle={(ref, b, s) => void openBattle(ref, b, s)}
          />
        </div>
        {tab === 'compare' && (
          <CompareView
            api={api}
            documents={documents}
            model={model}
            diagnostics={diagnostics}
            choice={choice}
            openLocation={openLocation}
          />
        )}
        {tab === 'odds' && <OddsView model={model} />}
      </div>
    </div>
  );
}
