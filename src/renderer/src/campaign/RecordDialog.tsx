/**
 * Recording a battle (issue 10, item 3): the result and every incapacitated member's aftermath
 * roll — rolled by the engine from the battle's PRNG for a battle played in Play, typed in for a
 * game played at the table — with the outcome from the ruleset's table. Confirm writes the
 * campaign and every crew that fought as ONE undoable change, all files or none.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { aftermathOutcome, aftermathSides } from '../../../shared/engine';
import { battleKnobs, isDead, planRecord, recordFromTabletop, remainingBattles } from '../../../shared/campaign';
import type { CampaignBattle, CampaignDoc, RulesetKnobs } from '../../../shared/model/types';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import type { PlayedForCampaign } from './campaign-bridge';
import { recordedBots, recordOfPlayed, todayIso } from './battles';
import { workerPlayer } from './bot-player';
import { Choice, Text } from './fields';

/** What to record: a battle from Play, or a tabletop game typed in. */
export type RecordSource = { kind: 'played'; played: PlayedForCampaign } | { kind: 'tabletop' };

/** Props of {@link RecordDialog}. */
export interface RecordDialogProps {
  model: WorkspaceModel;
  campaign: CampaignDoc;
  source: RecordSource;
  textOf: (path: string) => string | undefined;
  /** Writes the files; resolves to an error message or null. */
  onConfirm: (label: string, files: { path: string; before: string; after: string }[]) => Promise<string | null>;
  onClose: () => void;
}

interface RollInput {
  down: boolean;
  roll: string;
  by: string;
  fled: boolean;
}

const NO_ROLL: RollInput = { down: false, roll: '', by: '', fled: false };

const OUTCOME_TEXT = { dead: 'dead', injury: 'lasting injury (max Health −1)', recovers: 'recovers' } as const;

/** The tabletop form: scenario, crews, winner, points and each member's fate. */
function useTabletop(model: WorkspaceModel, campaign: CampaignDoc) {
  const planned = remainingBattles(model, campaign);
  const first = planned[0];
  const [scenario, setScenario] = useState(first?.scenario ?? campaign.scenarios[0] ?? '');
  const pairing = planned.find((p) => p.scenario === scenario);
  const [crews, setCrews] = useState<[string, string]>(first ? first.crews : [campaign.crews[0] ?? '', campaign.crews[1] ?? '']);
  const [winner, setWinner] = useState<string>('draw');
  const [points, setPoints] = useState<[string, string]>(['0', '0']);
  const [rolls, setRolls] = useState<Record<string, RollInput>>({});
  const sideIds = (model.scenarios.get(scenario)?.sides ?? []).map((s) => s.id);
  return { planned, scenario, setScenario: (s: string) => { setScenario(s); const p = planned.find((x) => x.scenario === s); if (p) setCrews(p.crews); }, pairing, crews, setCrews, winner, setWinner, points, setPoints, rolls, setRolls, sideIds };
}

/** The record dialog. */
export function RecordDialog({ model, campaign, source, textOf, onConfirm, onClose }: RecordDialogProps) {
  const [date, setDate] = useState(todayIso());
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useTabletop(model, campaign);
  const knobs = battleKnobs(model, source.kind === 'played' ? source.played.setup.scenarioId : t.scenario);
  const after = knobs.ok ? knobs.value.aftermath : null;

  // Whether the bots' battle replays from its seed alone (then its bots are recorded): checked once,
  // in the bot worker; 'pending' until known.
  const [bots, setBots] = useState<[string, string] | undefined | 'pending'>(source.kind === 'played' ? 'pending' : undefined);
  useEffect(() => {
    if (source.kind !== 'played') return;
    let live = true;
    void recordedBots(source.played, workerPlayer).then((ai) => live && setBots(ai));
    return () => {
      live = false;
    };
  }, [source]);
  const ai = bots === 'pending' ? undefined : bots;

  const battle: CampaignBattle | null = useMemo(() => {
    if (source.kind === 'played') return recordOfPlayed(source.played, date, text, ai);
    if (t.sideIds.length !== 2) return null;
    const rolls = Object.entries(t.rolls)
      .filter(([, r]) => r.down)
      .map(([member, r]) => ({ member, roll: Number(r.roll), ...(r.by ? { by: r.by } : {}) }));
    const fled = Object.entries(t.rolls).filter(([, r]) => r.fled && !r.down).map(([m]) => m);
    return recordFromTabletop(model, {
      scenario: t.scenario,
      date,
      sides: { [t.sideIds[0]!]: t.crews[0], [t.sideIds[1]!]: t.crews[1] },
      winner: t.winner === 'draw' ? null : t.winner,
      points: { [t.sideIds[0]!]: Number(t.points[0]), [t.sideIds[1]!]: Number(t.points[1]) },
      rolls,
      fled,
      text: text.trim() || undefined,
    });
  }, [source, date, text, ai, t.scenario, t.sideIds, t.crews, t.winner, t.points, t.rolls, model]);

  const plan = useMemo(() => (battle ? planRecord(model, textOf, campaign.id, battle) : null), [battle, model, textOf, campaign.id]);
  const index = (campaign.battles ?? []).length + 1;

  const confirm = async (): Promise<void> => {
    if (!plan || !plan.ok || bots === 'pending') return;
    setBusy(true);
    const problem = await onConfirm(`Record battle #${index}`, plan.value.edits);
    setBusy(false);
    if (problem) setError(problem);
    else onClose();
  };

  const crewName = (id: string): string => model.crews.get(id)?.name ?? id;
  const sideName = (side: string): string => (battle ? `${crewName(battle.sides[side] ?? '')}` : side);

  return (
    <ModalOverlay isOpen isDismissable={!busy} onOpenChange={(open) => !open && onClose()} className="cv-overlay">
      <Modal className="cv-modal">
        <Dialog className="cv-dialog" aria-labelledby="record-title">
          <Heading slot="title" id="record-title">
            {source.kind === 'played' ? `Record battle #${index} in ${campaign.name}` : `Record a battle played at the table (#${index})`}
          </Heading>
          {source.kind === 'played' && battle && (
            <p>
              {model.scenarios.get(battle.scenario)?.name ?? battle.scenario}:{' '}
              {Object.keys(battle.sides).map((s) => `${sideName(s)} ${battle.points[s] ?? 0}`).join(' – ')};{' '}
              {battle.winner === null ? 'a draw' : `${sideName(battle.winner)} won`}. Seed {battle.seed}
              {battle.ai ? `, played by ${Object.values(battle.ai).join(' and ')} bots (it can be replayed)` : ''}.
            </p>
          )}
          {source.kind === 'tabletop' && <TabletopFields model={model} campaign={campaign} t={t} after={after} />}
          <div className="cv-row">
            <Text label="Date" value={date} onChange={setDate} />
            <Text label="Notes (optional)" value={text} onChange={setText} className="cv-wide" />
          </div>
          {source.kind === 'played' && battle && (
            <section aria-label="Aftermath rolls">
              <h3>Aftermath (R10.1: the engine rolls {after?.die ?? 'the aftermath die'} from the battle's dice)</h3>
              {(battle.aftermath ?? []).length === 0 ? (
                <p className="muted">Nobody was incapacitated: no aftermath roll.</p>
              ) : (
                <ul>
                  {(battle.aftermath ?? []).map((a) => (
                    <li key={a.member}>
                      {model.crews.get(a.member.split('/')[0]!)?.members.find((m) => m.id === a.member.split('/')[1])?.name ?? a.member}: roll {a.roll} — <strong>{OUTCOME_TEXT[a.outcome]}</strong>
                    </li>
                  ))}
                </ul>
              )}
              {(battle.fled ?? []).length > 0 && <p>Fled: {(battle.fled ?? []).join(', ')}</p>}
            </section>
          )}
          {plan && !plan.ok && (
            <div role="alert" className="cv-error">
              {plan.error.message.split('\n').map((m, i) => (
                <p key={i}>{m}</p>
              ))}
            </div>
          )}
          {bots === 'pending' && (
            <p role="status" className="muted">
              Checking whether the bots' battle replays from its seed alone (then its bots are recorded too)…
            </p>
          )}
          {plan?.ok && <p className="muted">Confirm writes {plan.value.edits.map((e) => e.path).join(', ')} as one change (Undo restores them all).</p>}
          {error && (
            <p role="alert" className="cv-error">
              {error}
            </p>
          )}
          <div className="cv-row cv-actions">
            <Button className="button-primary" isDisabled={busy || !plan?.ok || bots === 'pending'} onPress={() => void confirm()}>
              Confirm and record
            </Button>
            <Button className="button-secondary" isDisabled={busy} onPress={onClose}>
              Cancel
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The tabletop part of the dialog. */
function TabletopFields({ model, campaign, t, after }: { model: WorkspaceModel; campaign: CampaignDoc; t: ReturnType<typeof useTabletop>; after: RulesetKnobs['aftermath'] | null }) {
  const crewOptions = campaign.crews.map((id) => ({ id, name: model.crews.get(id)?.name ?? id }));
  const scenarioOptions = [...new Set(campaign.scenarios)].map((id) => ({ id, name: model.scenarios.get(id)?.name ?? id }));
  const sides = t.sideIds;
  const winnerOptions = [...sides.map((s, i) => ({ id: s, name: `${model.crews.get(t.crews[i]!)?.name ?? t.crews[i]} (side ${s})` })), { id: 'draw', name: 'a draw' }];
  const sidesN = after ? aftermathSides(after) : 6;
  const set = (member: string, patch: Partial<RollInput>): void => t.setRolls({ ...t.rolls, [member]: { ...NO_ROLL, ...t.rolls[member], ...patch } });
  return (
    <>
      <div className="cv-row">
        <Choice label="Scenario" value={t.scenario} options={scenarioOptions} onChange={t.setScenario} />
        {sides.map((s, i) => (
          <Choice key={s} label={`Crew of side ${s}`} value={t.crews[i]!} options={crewOptions} onChange={(c) => t.setCrews(i === 0 ? [c, t.crews[1]] : [t.crews[0], c])} />
        ))}
      </div>
      <div className="cv-row">
        <Choice label="Winner" value={t.winner} options={winnerOptions} onChange={t.setWinner} />
        {sides.map((s, i) => (
          <Text key={s} label={`Points of side ${s}`} value={t.points[i]!} onChange={(p) => t.setPoints(i === 0 ? [p, t.points[1]] : [t.points[0], p])} error={/^\d+$/.test(t.points[i]!) ? null : 'A whole number'} />
        ))}
      </div>
      <h3>Who fell? Each incapacitated member rolls a {after?.die ?? 'd6'} (1..{sidesN}) on the aftermath table.</h3>
      {t.crews.map((crewId, i) => {
        const crew = model.crews.get(crewId);
        const enemy = model.crews.get(t.crews[1 - i]!);
        const enemies = [{ id: '', name: 'not recorded' }, ...(enemy?.members ?? []).filter((m) => !isDead(m)).map((m) => ({ id: `${enemy!.id}/${m.id}`, name: m.name }))];
        return (
          <fieldset key={`${i}-${crewId}`} className="cv-fieldset">
            <legend>{crew?.name ?? crewId}</legend>
            {(crew?.members ?? []).filter((m) => !isDead(m)).map((m) => {
              const ref = `${crewId}/${m.id}`;
              const r = t.rolls[ref] ?? NO_ROLL;
              const roll = Number(r.roll);
              const valid = /^\d+$/.test(r.roll) && roll >= 1 && roll <= sidesN;
              return (
                <div key={m.id} className="cv-row cv-member-fate">
                  <Checkbox className="cv-check" isSelected={r.down} onChange={(v) => set(ref, { down: v })}>
                    {m.name} was incapacitated
                  </Checkbox>
                  {r.down && (
                    <>
                      <Text label={`Aftermath roll of ${m.name}`} value={r.roll} onChange={(v) => set(ref, { roll: v })} error={valid || r.roll === '' ? null : `1..${sidesN}`} />
                      <span aria-live="polite">{valid && after ? `→ ${OUTCOME_TEXT[aftermathOutcome(after, roll)]}` : ''}</span>
                      <Choice label={`${m.name} taken down by`} value={r.by} options={enemies} onChange={(v) => set(ref, { by: v })} />
                    </>
                  )}
                  {!r.down && (
                    <Checkbox className="cv-check" isSelected={r.fled} onChange={(v) => set(ref, { fled: v })}>
                      fled
                    </Checkbox>
                  )}
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </>
  );
}
