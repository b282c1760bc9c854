/**
 * The Campaign view of a campaign document (issue 10): header with the campaign's name and crews,
 * standings, the ledger with aftermath (replay, record a tabletop game), every crew's roster with
 * history and advancement, the next battle (play it), and the season forecast. Every change it
 * makes to the files is ONE workspace change (undo restores every file).
 */
import { Redo2, Undo2, Users } from 'lucide-react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { KeyboardEvent } from 'react';
import { Button } from 'react-aria-components';
import { campaignStatus, planAdvance } from '../../../shared/campaign';
import type { RosterMember } from '../../../shared/campaign';
import { parseForEdit } from '../../../shared/doc-edit';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { useWorkspaceStore } from '../state/use-store';
import { workspaceEdits } from '../state/workspace-edit';
import type { Player } from '../testrun/setup-choice';
import { nextBattlePlay, replayPlay, todayIso } from './battles';
import { workerPlayer } from './bot-player';
import { campaignBridge } from './campaign-bridge';
import { LedgerTable, StandingsTable } from './CampaignTables';
import { ForecastPanel } from './ForecastPanel';
import { NextBattlePanel } from './NextBattle';
import { RecordDialog } from './RecordDialog';
import type { RecordSource } from './RecordDialog';
import { Rosters } from './Rosters';
import '../styles/controls.css';
import './campaign.css';

/** Props of {@link CampaignView}. */
export interface CampaignViewProps {
  path: string;
  text: string;
  model: WorkspaceModel | null;
}

/** The id written in a campaign text, or null while it does not parse. */
function campaignIdOf(text: string): string | null {
  const parsed = parseForEdit(text);
  if (!parsed.ok) return null;
  const id = (parsed.data as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : null;
}

/** The Campaign view. */
export function CampaignView({ path, text, model }: CampaignViewProps) {
  const store = useWorkspaceStore();
  const edits = workspaceEdits(store);
  const stack = useSyncExternalStore(edits.subscribe, edits.getState, edits.getState);
  const bridge = useSyncExternalStore(campaignBridge.subscribe, campaignBridge.getState, campaignBridge.getState);
  const [tabletop, setTabletop] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const id = useMemo(() => campaignIdOf(text), [text]);
  const campaign = id === null ? undefined : model?.campaigns.get(id);
  const status = useMemo(() => (model && campaign ? campaignStatus(model, campaign) : null), [model, campaign]);

  if (id === null || !model) {
    return (
      <div className="campaign-view" role="region" aria-label="Campaign">
        <p role="alert">The Campaign view needs the YAML to parse and to have an id; fix it in the YAML view.</p>
      </div>
    );
  }
  if (!campaign || !status || model.pathOf.get(`campaign:${id}`) !== path) {
    return (
      <div className="campaign-view" role="region" aria-label="Campaign">
        <p role="alert">This campaign cannot be shown: it has schema errors or its id '{id}' is defined by another file. Fix the problems listed in the Problems panel.</p>
      </div>
    );
  }

  const textOf = (p: string): string | undefined => store.disk.get(p)?.text;
  const say = (t: string, error = false): void => setMessage({ text: t, error });
  const write = async (label: string, files: { path: string; before: string; after: string }[]): Promise<string | null> => {
    const r = await edits.apply({ label, files });
    if (!r.ok) return r.error.message;
    say(`${label}: written to ${files.map((f) => f.path).join(', ')}. Undo restores every file.`);
    return null;
  };
  const play = async (players: [Player, Player], seed: number): Promise<void> => {
    if (players[0] !== 'me' && players[1] !== 'me') say(`The bots are playing the battle (${players.join(' and ')})…`);
    const r = await nextBattlePlay(model, campaign, path, status.next!, players, seed, workerPlayer);
    if (!r.ok) return say(r.error.message, true);
    setMessage(null);
    campaignBridge.requestPlay(r.value);
  };
  const replay = async (index: number): Promise<void> => {
    say(`Replaying battle #${index + 1}…`);
    const r = await replayPlay(model, campaign, path, index, workerPlayer);
    if (!r.ok) return say(r.error.message, true);
    setMessage(null);
    campaignBridge.requestPlay(r.value.play);
  };
  const advance = async (crew: string, m: RosterMember): Promise<void> => {
    const edit = planAdvance(model, textOf, crew, m.id, todayIso());
    if (!edit.ok) return say(edit.error.message, true);
    const problem = await write(`Advance ${m.name} to ${m.nextDie}`, [edit.value]);
    if (problem) say(problem, true);
  };
  const undo = async (): Promise<void> => {
    const r = await edits.undo();
    say(r.ok ? 'Undone: every file of the change is back as it was.' : r.error.message, !r.ok);
  };
  const redo = async (): Promise<void> => {
    const r = await edits.redo();
    say(r.ok ? 'Redone.' : r.error.message, !r.ok);
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    if ((e.target as HTMLElement).closest('input, textarea, [role="dialog"]')) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) {
      e.preventDefault();
      void undo();
    } else if ((k === 'z' && e.shiftKey) || k === 'y') {
      e.preventDefault();
      void redo();
    }
  };
  const toRecord = bridge.toRecord && bridge.toRecord.campaignPath === path ? bridge.toRecord : null;
  const source: RecordSource | null = toRecord ? { kind: 'played', played: toRecord } : tabletop ? { kind: 'tabletop' } : null;

  return (
    <div className="campaign-view" role="region" aria-label={`Campaign ${campaign.name}`} onKeyDown={onKeyDown}>
      <header className="cv-header">
        <h2>{campaign.name}</h2>
        <p>
          <Users size={14} aria-hidden /> {status.crews.map((c) => (c.exists ? c.name : `${c.id} (missing)`)).join(', ')}
        </p>
        {campaign.text && <p className="muted">{campaign.text}</p>}
        <div className="cv-row" role="toolbar" aria-label="Campaign changes">
          <Button className="button-secondary" isDisabled={!stack.undo || stack.busy} onPress={() => void undo()} aria-label={stack.undo ? `Undo ${stack.undo}` : 'Undo'}>
            <Undo2 size={14} aria-hidden /> Undo{stack.undo ? `: ${stack.undo}` : ''}
          </Button>
          <Button className="button-secondary" isDisabled={!stack.redo || stack.busy} onPress={() => void redo()} aria-label={stack.redo ? `Redo ${stack.redo}` : 'Redo'}>
            <Redo2 size={14} aria-hidden /> Redo{stack.redo ? `: ${stack.redo}` : ''}
          </Button>
        </div>
      </header>
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'cv-error' : 'cv-status'}>
          {message.text}
        </p>
      )}
      {status.problems.length > 0 && (
        <div role="alert" className="cv-error">
          {status.problems.map((p, i) => (
            <p key={i}>{p.message}</p>
          ))}
        </div>
      )}
      <section aria-labelledby="cv-standings">
        <h3 id="cv-standings">Standings</h3>
        <StandingsTable rows={status.standings} />
      </section>
      <section aria-labelledby="cv-next">
        <h3 id="cv-next">Next battle</h3>
        <NextBattlePanel next={status.next} later={status.later} onPlay={(players, seed) => void play(players, seed)} />
      </section>
      <section aria-labelledby="cv-ledger">
        <h3 id="cv-ledger">Ledger</h3>
        <LedgerTable rows={status.ledger} onReplay={(index) => void replay(index)} />
        <Button className="button-secondary" onPress={() => setTabletop(true)}>
          Record a battle played at the table
        </Button>
      </section>
      <section aria-labelledby="cv-rosters">
        <h3 id="cv-rosters">Rosters</h3>
        <Rosters rosters={status.rosters} onAdvance={(c, m) => void advance(c, m)} busy={stack.busy} />
      </section>
      <section aria-labelledby="cv-forecast">
        <h3 id="cv-forecast">Season forecast</h3>
        <ForecastPanel api={store.api} campaign={campaign.id} documents={() => store.documents()} />
      </section>
      {source && (
        <RecordDialog
          model={model}
          campaign={campaign}
          source={source}
          textOf={textOf}
          onConfirm={async (label, files) => {
            const problem = await write(label, files);
            if (problem === null && toRecord) campaignBridge.recorded();
            return problem;
          }}
          onClose={() => {
            setTabletop(false);
            if (toRecord) campaignBridge.clearRecord();
          }}
        />
      )}
    </div>
  );
}
