import { useCallback, useEffect, useRef, useState } from 'react';
import type { Diagnostic } from '../../../shared/diagnostics';
import { currentDecision } from '../../../shared/engine';
import type { Action, BattleSetup } from '../../../shared/engine';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { BattleLogView } from './BattleLogView';
import { Board } from './Board';
import { createBotClient } from './bot-client';
import type { BotClient } from './bot-client';
import { DecisionPanel } from './DecisionPanel';
import { DECISION_LABEL } from './declare-model';
import {
  battleLogText,
  logLines,
  parseBattleLog,
  restartSession,
  rewindTo,
  sessionFromDecisions,
  startSession,
  stepSession,
  toBattleLog,
} from './play-session';
import type { PlaySession } from './play-session';
import { RefusalView } from './Refusal';
import { prepareBattle } from './setup-choice';
import type { Refusal, SetupChoice } from './setup-choice';

/** A battle to open in Play (from a simulation bucket or a campaign): its setup, seed and decisions. */
export interface OpenBattle {
  setup: BattleSetup;
  seed: number;
  decisions: Action[];
  note: string;
  /** Let the bots play on at once, as "Start battle" does (a campaign battle with a person playing). */
  autoStart?: boolean;
}

/** Props of {@link PlayView}. */
export interface PlayViewProps {
  model: WorkspaceModel | null;
  diagnostics: Diagnostic[];
  choice: SetupChoice;
  onChoice: (c: SetupChoice) => void;
  openLocation: (file: string, line: number, column: number) => void;
  opened: OpenBattle | null;
  /** Campaign hook (issue 10): offered as "Record in campaign" once the battle is over. */
  onRecord?: (session: PlaySession) => void;
}

/** Play: start a battle, decide as "me", step or run bots, rewind, restart, save and load logs. */
export function PlayView({ model, diagnostics, choice, onChoice, openLocation, opened, onRecord }: PlayViewProps) {
  const [session, setSession] = useState<PlaySession | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bots = useRef<BotClient | null>(null);
  const generation = useRef(0);
  const players = choice.players;

  useEffect(() => {
    bots.current = createBotClient();
    return () => bots.current?.dispose();
  }, []);

  const isMe = (s: PlaySession): boolean => s.state.phase !== 'ended' && players[s.state.side] === 'me';

  /** Plays bot decisions from `s` until the end, a "me" decision, or `limit` decisions. */
  const runBots = useCallback(
    async (s: PlaySession, limit: number): Promise<void> => {
      const gen = ++generation.current;
      let cur = s;
      setSession(cur);
      setBusy(true);
      try {
        for (let n = 0; n < limit && cur.state.phase !== 'ended' && players[cur.state.side] !== 'me'; n++) {
          const bot = players[cur.state.side]!;
          const a = await bots.current!.decide(cur.state, bot, cur.seed, cur.decisions.length);
          if (gen !== generation.current) return;
          if (!a.ok) {
            setMessage(a.error.message);
            return;
          }
          const next = stepSession(cur, a.value);
          if (!next.ok) {
            setMessage(`The ${bot} bot chose an illegal action: ${next.error.message}`);
            return;
          }
          cur = next.value;
          setSession(cur);
        }
      } finally {
        if (gen === generation.current) setBusy(false);
      }
    },
    [players],
  );

  const autoLimit = players.includes('me') ? Infinity : 0;

  const begin = (): void => {
    setMessage(null);
    const p = prepareBattle(model, diagnostics, choice);
    if (!p.ok) {
      setRefusal(p.refusal);
      setSession(null);
      return;
    }
    setRefusal(null);
    void runBots(startSession(p.setup, choice.seed), autoLimit);
  };

  useEffect(() => {
    if (opened === null) return;
    const s = sessionFromDecisions(opened.setup, opened.seed, opened.decisions);
    generation.current++;
    setBusy(false);
    setRefusal(null);
    if (s.ok) {
      setSession(s.value);
      setMessage(opened.note);
      if (opened.autoStart) void runBots(s.value, autoLimit);
    } else setMessage(s.error.message);
    // Only when another battle is opened (runBots follows the players chosen with it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const act = (a: Action): void => {
    if (!session) return;
    const next = stepSession(session, a);
    if (!next.ok) {
      setMessage(next.error.message);
      return;
    }
    setMessage(null);
    void runBots(next.value, autoLimit);
  };

  const rewind = (i: number): void => {
    if (!session) return;
    const r = rewindTo(session, i);
    if (!r.ok) {
      setMessage(r.error.message);
      return;
    }
    generation.current++;
    setBusy(false);
    setMessage(`Rewound to event ${i + 1}; play on from here.`);
    setSession(r.value);
  };

  const save = (): void => {
    if (!session) return;
    const blob = new Blob([battleLogText(toBattleLog(session))], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `battle-${session.setup.scenarioId}-${session.seed}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const load = async (file: File): Promise<void> => {
    const log = parseBattleLog(await file.text());
    if (!log.ok) {
      setMessage(log.error.message);
      return;
    }
    const c: SetupChoice = {
      ...choice,
      scenario: log.value.scenario,
      crews: log.value.crews,
      ruleset: log.value.ruleset,
      seed: log.value.seed,
    };
    onChoice(c);
    const p = prepareBattle(model, diagnostics, c);
    if (!p.ok) {
      setRefusal(p.refusal);
      return;
    }
    const s = sessionFromDecisions(p.setup, log.value.seed, log.value.decisions);
    generation.current++;
    setBusy(false);
    setRefusal(null);
    if (!s.ok) setMessage(`${file.name}: ${s.error.message}`);
    else {
      setSession(s.value);
      setMessage(`Loaded ${file.name}: ${log.value.decisions.length} decisions.`);
    }
  };

  const decision = session ? currentDecision(session.state) : null;
  const sideName = (id: string): string => session?.setup.sides.find((s) => s.id === id)?.name ?? id;
  const result = session?.state.result ?? null;
  return (
    <div className="tr-play">
      <div className="tr-toolbar" role="toolbar" aria-label="Play controls">
        <button type="button" onClick={begin}>
          Start battle
        </button>
        <button
          type="button"
          disabled={!session || busy || !decision || isMe(session)}
          onClick={() => session && void runBots(session, 1)}
        >
          Step
        </button>
        <button
          type="button"
          disabled={!session || busy || !decision || isMe(session)}
          onClick={() => session && void runBots(session, Infinity)}
        >
          Run to end
        </button>
        <button
          type="button"
          disabled={!session}
          onClick={() => session && void runBots(restartSession(session), autoLimit)}
        >
          Restart
        </button>
        <button type="button" disabled={!session} onClick={save}>
          Save log
        </button>
        <label className="tr-file">
          Load log
          <input
            type="file"
            aria-label="Load log"
            accept=".json,application/json"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void load(f);
            }}
          />
        </label>
      </div>
      {refusal && <RefusalView refusal={refusal} openLocation={openLocation} />}
      {message && (
        <p role="status" className="tr-message">
          {message}
        </p>
      )}
      {session && (
        <>
          <p className="tr-turn" role="status" aria-live="polite">
            {result
              ? `Battle over: ${result.winner === null ? 'a draw' : `${sideName(result.winner)} wins`} after round ${result.rounds}.`
              : decision
                ? `${sideName(decision.side)} (${players[session.state.side]}) to decide: ${DECISION_LABEL[decision.kind]}${busy ? ' — thinking…' : ''}`
                : ''}
          </p>
          {result && onRecord && (
            <button type="button" onClick={() => onRecord(session)}>
              Record in campaign
            </button>
          )}
          <Board state={session.state} />
          {!busy && decision && isMe(session) && <DecisionPanel state={session.state} onAction={act} />}
          <BattleLogView lines={logLines(session)} onRewind={rewind} />
        </>
      )}
    </div>
  );
}
