import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { BookPlus, FastForward, FileDown, FileText, FolderOpen, Play, RotateCcw, StepForward } from 'lucide-react';
import type { DocumentTexts } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import { currentDecision } from '../../../shared/engine';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { areaMap } from '../../../shared/area-map';
import { usePrefersReducedMotion } from '../motion';
import { basisOf, changedSince } from './basis';
import { boardAt } from './board-at';
import { boardChoices, mapAreasOf } from './board-play';
import { Board } from './Board';
import { ClashPanel } from './ClashPanel';
import { pipsLost } from './clash-view';
import { DecisionPanel } from './DecisionPanel';
import { useClashAnimation } from './use-clash-animation';
import { DECISION_LABEL } from './declare-model';
import { downloadText, fileStem } from './download';
import { battleReport } from './exports';
import type { PlayController } from './play-controller';
import { battleLogText, parseBattleLog, toBattleLog } from './play-session';
import type { PlaySession } from './play-session';
import { RefusalView } from './Refusal';
import { prepareBattle } from './setup-choice';
import type { Refusal, SetupChoice } from './setup-choice';
import { StaleNote } from './StaleNote';
import type { TestRunStore } from './testrun-store';
import { useTestRun } from './testrun-store';
import { BattleLog, TimelineSlider } from './Timeline';
import { decisionsAt, isBoundary, lastEvent, longestFit } from './timeline';

/** Props of {@link PlayView}. */
export interface PlayViewProps {
  store: TestRunStore;
  play: PlayController;
  model: WorkspaceModel | null;
  diagnostics: Diagnostic[];
  /** The documents as in the editor now (memoised per model by the panel). */
  documents: DocumentTexts;
  openLocation: (file: string, line: number, column: number) => void;
  /** Campaign hook (issue 10): offered as "Record in campaign" once the battle is over. */
  onRecord?: (session: PlaySession) => void;
}


/** Play: start a battle, decide as "me", step or run bots, move through the timeline, fork, save. */
export function PlayView({ store, play, model, diagnostics, documents, openLocation, onRecord }: PlayViewProps) {
  const kept = useTestRun(store, (s) => s.kept.play);
  const choice = useTestRun(store, (s) => s.kept.choice);
  const busy = useTestRun(store, (s) => s.live.playBusy);
  const fork = useTestRun(store, (s) => s.live.fork);
  const message = useTestRun(store, (s) => s.live.messages.play ?? null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const line = kept?.line ?? null;
  const opened = line ? play.session(line) : null;
  const session = opened?.ok ? opened.value : null;
  const stale = useMemo(() => (line ? changedSince(line.basis, documents) : []), [line, documents]);
  const players = choice?.players ?? ['me', 'greedy'];

  const prepare = (c: SetupChoice) => {
    const p = prepareBattle(model, diagnostics, c);
    setRefusal(p.ok ? null : p.refusal);
    return p.ok && model ? { setup: p.setup, basis: basisOf(model, documents, [c]) } : null;
  };

  const begin = (): void => {
    if (!choice) return;
    const p = prepare(choice);
    if (!p) return;
    play.open(
      { ...p, seed: choice.seed, decisions: [], choice, origin: null, at: 'end' },
      null,
      line && line.decisions.length > 0 ? `Battle before the new start (seed ${line.seed})` : undefined,
    );
  };

  const rerun = (): void => {
    if (!line) return;
    const p = prepare(line.choice);
    if (!p) return;
    const { fit, problem } = longestFit(p.setup, line.seed, line.decisions);
    const note =
      problem === null
        ? `Re-ran the battle on the current documents: all ${fit} decisions still fit. The battle as it was is kept as a branch.`
        : `Re-ran the battle on the current documents: decision ${fit + 1} of ${line.decisions.length} no longer fits (${problem}), so the battle goes on from decision ${fit}. The battle as it was is kept as a branch.`;
    const r = play.open({ ...p, seed: line.seed, decisions: line.decisions.slice(0, fit), choice: line.choice, origin: line.origin, at: line.cursor }, note, 'Battle before your edit');
    if (!r.ok) store.say('play', r.error.message);
  };

  const load = async (file: File): Promise<void> => {
    store.say('play', null);
    const log = parseBattleLog(await file.text());
    if (!log.ok) {
      store.say('play', `${file.name}: ${log.error.message}`);
      return;
    }
    const c: SetupChoice = { scenario: log.value.scenario, crews: log.value.crews, ruleset: log.value.ruleset, seed: log.value.seed, players };
    // A self-contained log (version 2) replays its own setup, whatever the workspace holds now.
    const stored = log.value.setup;
    const p = stored && model ? { setup: stored, basis: basisOf(model, documents, [c]) } : prepare(c);
    if (!p) return;
    const r = play.open(
      { ...p, seed: log.value.seed, decisions: log.value.decisions, choice: c, origin: `Loaded from ${file.name}`, at: 'start' },
      `Loaded ${file.name}: ${log.value.decisions.length} decisions. The timeline is at the start; press End (or Run to end) to see how it ends.`,
      line && line.decisions.length > 0 ? 'Battle before the loaded log' : undefined,
    );
    if (!r.ok) store.say('play', `${file.name}: ${r.error.message}`);
  };

  const save = (s: PlaySession): void => {
    const bots = line?.choice.players;
    const ai = bots && bots[0] !== 'me' && bots[1] !== 'me' ? ([bots[0], bots[1]] as [string, string]) : undefined;
    downloadText(`battle-${fileStem(s.setup.scenarioId)}-${s.seed}.json`, battleLogText(toBattleLog(s, ai)), 'application/json');
  };
  const saveReport = (s: PlaySession): void =>
    downloadText(`battle-${fileStem(s.setup.scenarioId)}-${s.seed}.md`, battleReport(s), 'text/markdown');

  const cursor = session && line ? Math.min(Math.max(0, line.cursor), Math.max(0, lastEvent(session))) : 0;
  const boundary = session ? isBoundary(session, cursor) : false;
  const atState = session && boundary ? session.states[decisionsAt(session, cursor)]! : null;
  const decision = atState ? currentDecision(atState) : null;
  const atEnd = session ? cursor >= lastEvent(session) : true;
  const goesOn = session && boundary ? decisionsAt(session, cursor) < session.decisions.length : false;
  const myTurn = decision !== null && players[atState!.side] === 'me';
  const sideName = (id: string): string => session?.setup.sides.find((x) => x.id === id)?.name ?? id;
  const result = session?.state.result ?? null;
  const turn = !session
    ? ''
    : atEnd && result
      ? `Battle over: ${result.winner === null ? 'a draw' : `${sideName(result.winner)} wins`} after round ${result.rounds}.`
      : !boundary
        ? session.producedBy[cursor] === -1
          ? 'The opening of the battle: move on (→) to the first decision.'
          : 'Inside a decision: move on (→) to its end to see the next decision.'
        : decision
          ? `${sideName(decision.side)} (${players[atState!.side]}) to decide: ${DECISION_LABEL[decision.kind]}${goesOn ? ' — the battle goes on from here: Step follows it, a different decision forks it' : ''}${busy && atEnd ? ' — thinking…' : ''}`
          : '';
  const board = useMemo(() => (session ? boardAt(session, cursor) : null), [session, cursor]);
  const setup = session?.setup ?? null;
  const map = useMemo(() => (setup ? areaMap(mapAreasOf(setup, model)) : null), [setup, model]);
  const choices = useMemo(() => (myTurn && atState && !(busy && atEnd) ? boardChoices(atState) : null), [myTurn, atState, busy, atEnd]);
  const anim = useClashAnimation(session, cursor, usePrefersReducedMotion());
  const lost = anim.animating && anim.clash ? pipsLost(anim.clash) : null;
  // After a decision made here, focus goes to the next decision's first control (or, when the
  // battle is over, to the line saying so), never to the page: the control just used is gone.
  const decisionHost = useRef<HTMLDivElement>(null);
  const turnLine = useRef<HTMLParagraphElement>(null);
  const decided = useRef(false);
  const showsDecision = !(busy && atEnd) && myTurn;
  useEffect(() => {
    if (!decided.current) return;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (showsDecision) {
      const first = decisionHost.current?.querySelector<HTMLElement>('button:not([disabled]), input:not([disabled]), select:not([disabled])');
      decided.current = false;
      if (focusLost && first) first.focus();
    } else if (result && atEnd) {
      decided.current = false;
      if (focusLost) turnLine.current?.focus();
    }
  }, [showsDecision, cursor, result, atEnd]);
  const canStep = session !== null && !busy && (!boundary || goesOn || (decision !== null && !myTurn));

  return (
    <div className="tr-play">
      <div className="tr-toolbar" role="toolbar" aria-label="Play controls">
        <Button className="button-primary" onPress={begin}>
          <Play aria-hidden="true" size={14} /> Start battle
        </Button>
        <Button className="button-secondary" isDisabled={!canStep} onPress={() => play.step()}>
          <StepForward aria-hidden="true" size={14} /> Step
        </Button>
        <Button className="button-secondary" isDisabled={!session || busy || (atEnd && (decision === null || myTurn))} onPress={() => play.runToEnd()}>
          <FastForward aria-hidden="true" size={14} /> Run to end
        </Button>
        <Button className="button-secondary" isDisabled={!session} onPress={() => play.restart()}>
          <RotateCcw aria-hidden="true" size={14} /> Restart
        </Button>
        <Button className="button-quiet" isDisabled={!session} onPress={() => session && save(session)}>
          <FileDown aria-hidden="true" size={14} /> Save log
        </Button>
        <Button className="button-quiet" isDisabled={!session} onPress={() => session && saveReport(session)}>
          <FileText aria-hidden="true" size={14} /> Battle report (Markdown)
        </Button>
        {onRecord && session && result && atEnd && (
          <Button className="button-primary" onPress={() => onRecord(session)}>
            <BookPlus aria-hidden="true" size={14} /> Record in campaign
          </Button>
        )}
        <FileTrigger
          acceptedFileTypes={['.json', 'application/json']}
          onSelect={(files) => {
            const f = files?.[0];
            if (f) void load(f);
          }}
        >
          <Button className="button-quiet">
            <FolderOpen aria-hidden="true" size={14} /> Load log…
          </Button>
        </FileTrigger>
      </div>
      {refusal && <RefusalView refusal={refusal} openLocation={openLocation} />}
      {message && (
        <p role="status" className="tr-message">
          {message}
        </p>
      )}
      {opened && !opened.ok && <p role="alert">{opened.error.message}</p>}
      {line && stale.length > 0 && <StaleNote what="This battle was" files={stale} onRerun={rerun} />}
      {fork && (
        <div role="status" className="tr-fork">
          {`You took a different decision after event ${fork.event}: the battle forked there. The old line (${fork.dropped} later decision${fork.dropped === 1 ? '' : 's'}) is kept as a branch.`}{' '}
          <Button className="button-secondary" onPress={() => play.switchTo(fork.branchId)}>Switch back to the old line</Button>{' '}
          <Button className="button-danger" onPress={() => play.forget(fork.branchId)}>Forget the old line</Button>
        </div>
      )}
      {kept && kept.branches.length > 0 && (
        <details className="tr-branches">
          <summary>{`Kept lines (${kept.branches.length})`}</summary>
          <ul aria-label="Kept lines">
            {kept.branches.map((b) => (
              <li key={b.id}>
                {`${b.label}: ${b.line.decisions.length} decisions, seed ${b.line.seed}`}{' '}
                <Button className="button-secondary" onPress={() => play.switchTo(b.id)} aria-label={`Open ${b.label}`}>
                  Open
                </Button>{' '}
                <Button className="button-danger" onPress={() => play.forget(b.id)} aria-label={`Forget ${b.label}`}>
                  Forget
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}
      {session && line && board && (
        <>
          {line.origin && <p className="tr-note">{line.origin}</p>}
          <TimelineSlider session={session} cursor={cursor} onCursor={(c) => play.setCursor(c)} />
          <p className="tr-note">Keys: ←/→ one event · PageUp/PageDown one round · Home/End the start or the end.</p>
          <p className="tr-turn" role="status" aria-live="polite" tabIndex={-1} ref={turnLine}>
            {turn}
          </p>
          <h3 className="visually-hidden">Board</h3>
          {map && (
            <Board board={board} map={map} actors={choices?.actors} odds={choices?.odds} lost={lost}>
              <ClashPanel clash={anim.clash} animating={anim.animating} animationKey={anim.key} waiting={anim.waiting} onEnd={anim.next} onSkip={anim.stop} />
            </Board>
          )}
          <div ref={decisionHost}>
            {!(busy && atEnd) && myTurn && atState && (
              <DecisionPanel
                key={cursor}
                state={atState}
                onAction={(a) => {
                  decided.current = true;
                  play.act(a);
                }}
              />
            )}
          </div>
          <BattleLog session={session} cursor={cursor} onCursor={(c) => play.setCursor(c)} />
        </>
      )}
    </div>
  );
}
