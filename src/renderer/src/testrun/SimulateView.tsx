import { useCallback, useMemo, useState } from 'react';
import type { Api, DocumentTexts } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import { balanceWarnings, isMirrorMatch } from '../../../shared/engine/analysis';
import type { SimReport } from '../../../shared/engine/sim/report';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import type { BattleRef } from './chart-data';
import { RefusalView } from './Refusal';
import { SimCharts } from './SimCharts';
import { SimProgress } from './SimProgress';
import { ME_IN_BATCH, batchPolicies, namesOf, simulationRequest } from './sim-request';
import type { RunPlan } from './sim-request';
import { effectiveCrews, prepareBattle } from './setup-choice';
import type { Refusal, SetupChoice } from './setup-choice';
import { useSimJob } from './use-sim-job';

/** Props of {@link SimulateView}. */
export interface SimulateViewProps {
  api: Api;
  documents: () => DocumentTexts;
  model: WorkspaceModel | null;
  diagnostics: Diagnostic[];
  choice: SetupChoice;
  openLocation: (file: string, line: number, column: number) => void;
  /** Opens one battle of the batch in Play. */
  onOpenBattle: (ref: BattleRef, bots: [string, string], simSeed: number) => void;
}

/** Simulate: N runs or until an interval, progress with cancel, charts, balance warnings. */
export function SimulateView({
  api,
  documents,
  model,
  diagnostics,
  choice,
  openLocation,
  onOpenBattle,
}: SimulateViewProps) {
  const job = useSimJob(api);
  const [mode, setMode] = useState<'runs' | 'interval'>('runs');
  const [runs, setRuns] = useState('2000');
  const [half, setHalf] = useState('2');
  const [maxRuns, setMaxRuns] = useState('100000');
  const [report, setReport] = useState<SimReport | null>(null);
  const [bots, setBots] = useState<[string, string]>(['greedy', 'greedy']);
  const [note, setNote] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Stable across progress re-renders, so the memoised charts do not re-render.
  const names = useMemo(() => namesOf(model, choice.scenario), [model, choice.scenario]);

  const plan = (): RunPlan | string => {
    if (mode === 'runs') {
      const n = Number(runs);
      return Number.isInteger(n) && n >= 1 && n <= 10_000_000
        ? { mode: 'runs', runs: n }
        : 'Runs must be a whole number from 1 to 10,000,000.';
    }
    const h = Number(half);
    const m = Number(maxRuns);
    if (!(h > 0 && h < 50))
      return 'The interval half-width must be a percentage above 0 and below 50 (e.g. 2 for ±2%).';
    if (!(Number.isInteger(m) && m >= 1)) return 'Max runs must be a whole number of at least 1.';
    return { mode: 'interval', halfWidth: h / 100, maxRuns: m };
  };

  const start = async (): Promise<void> => {
    setNote(null);
    const p = plan();
    if (typeof p === 'string') {
      setNote(p);
      return;
    }
    const prepared = prepareBattle(model, diagnostics, choice);
    if (!prepared.ok || model === null) {
      setRefusal(prepared.ok ? null : prepared.refusal);
      return;
    }
    setRefusal(null);
    setReport(null);
    const req = simulationRequest(model, documents(), choice, p);
    setBots(req.policies);
    const [o] = await job.run([req]);
    if (!o) return;
    if (o.kind === 'done') setReport(o.report);
    else if (o.kind === 'cancelled') {
      setReport(o.report && o.report.runs > 0 ? o.report : null);
      setNote(
        `Cancelled after ${o.report?.runs ?? 0} runs${o.report && o.report.runs > 0 ? '; the results below cover those runs' : ''}.`,
      );
    } else if (o.diagnostics.length > 0)
      setRefusal({ code: o.code, message: o.message, diagnostics: o.diagnostics });
    else setNote(o.message);
  };

  const mirror =
    model !== null && isMirrorMatch(effectiveCrews(model, choice), batchPolicies(choice.players));
  const warnings = useMemo(
    () => (report ? balanceWarnings(report, { mirror, names }) : []),
    [report, mirror, names],
  );
  const openRef = useCallback(
    (ref: BattleRef) => report && onOpenBattle(ref, bots, report.seed),
    [report, bots, onOpenBattle],
  );
  return (
    <div className="tr-simulate">
      <fieldset>
        <legend>Runs</legend>
        <label>
          <input type="radio" name="tr-sim-mode" checked={mode === 'runs'} onChange={() => setMode('runs')} />
          Fixed number of runs
        </label>{' '}
        <input
          aria-label="Runs"
          inputMode="numeric"
          value={runs}
          onChange={(e) => setRuns(e.target.value)}
          disabled={mode !== 'runs'}
        />
        <br />
        <label>
          <input
            type="radio"
            name="tr-sim-mode"
            checked={mode === 'interval'}
            onChange={() => setMode('interval')}
          />
          Until the 95% interval of the win rate is narrower than ±
        </label>
        <input
          aria-label="Interval half-width (%)"
          inputMode="decimal"
          value={half}
          onChange={(e) => setHalf(e.target.value)}
          disabled={mode !== 'interval'}
        />
        %{' '}
        <label>
          at most
          <input
            aria-label="Max runs"
            inputMode="numeric"
            value={maxRuns}
            onChange={(e) => setMaxRuns(e.target.value)}
            disabled={mode !== 'interval'}
          />
          runs
        </label>
      </fieldset>
      {choice.players.includes('me') && (
        <p className="tr-note">{`A side played by "me" is played by the ${ME_IN_BATCH} bot in a batch.`}</p>
      )}
      <button type="button" disabled={job.running} onClick={() => void start()}>
        Run simulation
      </button>
      {job.running && (
        <SimProgress
          progress={job.progress}
          cap={mode === 'runs' ? Number(runs) || 1 : Number(maxRuns) || 1}
          label="Simulation progress"
          onCancel={job.cancel}
        />
      )}
      {refusal && <RefusalView refusal={refusal} openLocation={openLocation} />}
      {note && <p role="status">{note}</p>}
      {report && (
        <section aria-label="Simulation results">
          <p role="status">{`${report.runs.toLocaleString('en')} battles, seed ${report.seed}, ruleset ${report.ruleset}, ${bots.join(' vs ')}, mean ${report.rounds.mean.toFixed(2)} rounds, ${(report.elapsedMs / 1000).toFixed(1)} s.`}</p>
          <ul aria-label="Balance warnings" className="tr-warnings">
            {warnings.map((w) => (
              <li key={`${w.code}:${w.subject}`}>{w.message}</li>
            ))}
            {warnings.length === 0 && <li>No balance warnings.</li>}
          </ul>
          <SimCharts report={report} names={names} onOpen={openRef} />
        </section>
      )}
    </div>
  );
}
