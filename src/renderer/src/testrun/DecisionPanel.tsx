import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Action, BattleState, MemberKey } from '../../../shared/engine';
import { Check } from '../components/Check';
import { Picker } from '../components/Picker';
import { DeclarePanel } from './DeclarePanel';
import { declareChoices, dropChoices } from './declare-model';
import { DropPanel } from './DropPanel';
import {
  buildClash,
  responseChoices,
  swarmCandidates,
  swarmLossChoices,
  turnChoices,
} from './decision-model';
import type { TurnChoices } from './decision-model';
import { RespondPanel } from './RespondPanel';

/** Props of {@link DecisionPanel}. */
export interface DecisionPanelProps {
  state: BattleState;
  onAction: (action: Action) => void;
}

function ClashBuilder({
  state,
  tc,
  onAction,
}: {
  state: BattleState;
  tc: TurnChoices;
  onAction: (a: Action) => void;
}) {
  const [picked, setPicked] = useState<MemberKey[]>([]);
  const [targets, setTargets] = useState<Record<MemberKey, MemberKey>>({});
  const [swarm, setSwarm] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (tc.attackers.length === 0) return null;
  const picks: Record<MemberKey, MemberKey> = {};
  for (const a of picked) {
    const choice = tc.attackers.find((x) => x.key === a);
    const t = targets[a] ?? choice?.targets[0]?.key;
    if (t !== undefined) picks[a] = t;
  }
  const canSwarm = swarmCandidates(state, picks).length > 0;
  return (
    <fieldset className="tr-clash">
      <legend>Declare a Clash</legend>
      {tc.attackers.map((a) => (
        <div key={a.key} className="tr-clash-row">
          <Check
            label={`Attack with ${a.name}`}
            isSelected={picked.includes(a.key)}
            onChange={(on) => setPicked(on ? [...picked, a.key] : picked.filter((k) => k !== a.key))}
          />
          <Picker
            label={`Target of ${a.name}`}
            items={a.targets.map((t) => ({ id: t.key, label: t.name }))}
            value={targets[a.key] ?? a.targets[0]?.key ?? ''}
            onChange={(id) => setTargets({ ...targets, [a.key]: id })}
          />
        </div>
      ))}
      {canSwarm && <Check label="Declare a Swarm" isSelected={swarm} onChange={setSwarm} />}
      <Button
        className="button-primary"
        isDisabled={picked.length === 0}
        onPress={() => {
          const r = buildClash(state, tc.side, picked, picks, swarm && canSwarm);
          if (r.ok) onAction(r.value);
          else setProblem(r.error.message);
        }}
      >
        Declare Clash
      </Button>
      {problem && <p role="alert">{problem}</p>}
    </fieldset>
  );
}

function Simple({
  title,
  list,
  onAction,
}: {
  title: string;
  list: { label: string; action: Action }[];
  onAction: (a: Action) => void;
}) {
  if (list.length === 0) return null;
  return (
    <fieldset className="tr-simple">
      <legend>{title}</legend>
      {list.map((c) => (
        <Button key={c.label} className="button-secondary" onPress={() => onAction(c.action)}>
          {c.label}
        </Button>
      ))}
    </fieldset>
  );
}

/** The controls of the user's decision: a turn, a response, a phased declaration or phase-start drop, or a Swarm-loss choice. */
export function DecisionPanel({ state, onAction }: DecisionPanelProps) {
  const tc = turnChoices(state);
  if (tc !== null) {
    return (
      <div className="tr-decision" aria-label="Your decision" role="group">
        <ClashBuilder key={`${state.round}:${state.used.join()}`} state={state} tc={tc} onAction={onAction} />
        <Simple title="Move" list={tc.moves} onAction={onAction} />
        <Simple title="Interact" list={tc.interacts} onAction={onAction} />
        <Simple title="Hold" list={tc.holds} onAction={onAction} />
      </div>
    );
  }
  const rc = responseChoices(state);
  if (rc !== null) {
    return (
      <div className="tr-decision" aria-label="Your decision" role="group">
        <RespondPanel key={JSON.stringify(state.pending?.pairs)} state={state} choices={rc} onAction={onAction} />
      </div>
    );
  }
  const dc = declareChoices(state);
  if (dc !== null) {
    return (
      <div className="tr-decision" aria-label="Your decision" role="group">
        <DeclarePanel key={`${state.round}:${state.side}`} state={state} choices={dc} onAction={onAction} />
      </div>
    );
  }
  const drops = dropChoices(state);
  if (drops !== null) {
    return (
      <div className="tr-decision" aria-label="Your decision" role="group">
        <DropPanel key={`${state.round}:${state.phased?.phase ?? 0}:${state.side}`} state={state} choices={drops} onAction={onAction} />
      </div>
    );
  }
  const losses = swarmLossChoices(state);
  return (
    <div className="tr-decision" aria-label="Your decision" role="group">
      <Simple title="Which Swarm member takes the loss?" list={losses} onAction={onAction} />
    </div>
  );
}
