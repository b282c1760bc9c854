import { useCallback, useId, useMemo, useState } from 'react';
import { Button, RadioGroup } from 'react-aria-components';
import { RadioOption } from '../components/RadioOption';
import { FileJson, FileSpreadsheet, Play as Run } from 'lucide-react';
import type { DocumentTexts } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import { isMirrorMatch } from '../../../shared/engine/analysis';
import type { SimReport } from '../../../shared/engine/sim/report';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { BalanceList } from './BalanceList';
import { CoverageList } from './CoverageList';
import { basisOf, changedSince } from './basis';
import { useChartModel } from './chart-client';
import { downloadText, fileStem } from './download';
import { simulationCsv, simulationJson } from './exports';
import type { JobsController } from './jobs';
import { RefusalView } from './Refusal';
import { SimCharts } from './SimCharts';
import { TextInput } from './fields';
import { JobProgress } from './SimProgress';
import { ME_IN_BATCH, batchPolicies, namesOf, simulationRequest } from './sim-request';
import type { RunPlan } from './sim-request';
import { effectiveCrews, prepareBattle } from './setup-choice';
import type { Refusal, SetupChoice } from './setup-choice';
import { StaleNote } from './StaleNote';
import type { SimulateInputs } from './testrun-state';
import type { TestRunStore } from './testrun-store';
import { useTestRun } from './testrun-store';
import type { BatchOrigin } from './open-battle';

/** Props of {@link SimulateView}. */
export interface SimulateViewProps {
  store: TestRunStore;
  jobs: JobsController;
  model: WorkspaceModel | null;
  diagnostics: Diagnostic[];
  /** The documents as in the editor now (memoised per model by the panel). */
  documents: DocumentTexts;
  openLocation: (file: string, line: number, column: number) => void;
  /** Opens one battle of the batch in Play. */
  onOpenBattle: (battle: { run: number; seed: number }, batch: BatchOrigin) => void;
}

/** The plan of the form, or what is wrong with it. */
export function planOf(i: SimulateInputs): RunPlan | string {
  if (i.mode === 'runs') {
    const n = Number(i.runs);
    return Number.isInteger(n) && n >= 1 && n <= 10_000_000 ? { mode: 'runs', runs: n } : 'Runs must be a whole number from 1 to 10,000,000.';
  }
  const h = Number(i.half);
  const m = Number(i.maxRuns);
  if (!(h > 0 && h < 50)) return 'The interval half-width must be a percentage above 0 and below 50 (e.g. 2 for ±2%).';
  if (!(Number.isInteger(m) && m >= 1 && m <= 10_000_000)) return 'Max runs must be a whole number from 1 to 10,000,000.';
  return { mode: 'interval', halfWidth: h / 100, maxRuns: m };
}

/** Simulate: N runs or until an interval, progress with partial charts, balance warnings, exports. */
export function SimulateView({ store, jobs, model, diagnostics, documents, openLocation, onOpenBattle }: SimulateViewProps) {
  const inputs = useTestRun(store, (s) => s.kept.simulateInputs);
  const result = useTestRun(store, (s) => s.kept.simulate);
  const choice = useTestRun(store, (s) => s.kept.choice);
  const settings = useTestRun(store, (s) => s.kept.balance);
  // Not the whole job: progress updates re-render the progress bar only.
  const running = useTestRun(store, (s) => s.live.simulate.running);
  const partial = useTestRun(store, (s) => s.live.simulate.partial);
  const message = useTestRun(store, (s) => s.live.messages.simulate ?? null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [limitText, setLimitText] = useState<string | null>(null);
  const runsLegend = useId();
  const limitErrorId = useId();
  const setInputs = (patch: Partial<SimulateInputs>): void => store.setKept((k) => ({ ...k, simulateInputs: { ...k.simulateInputs, ...patch } }));
  const shownChoice = result?.choice ?? choice;
  const names = useMemo(() => (shownChoice ? namesOf(model, shownChoice) : {}), [model, shownChoice]);
  const stale = useMemo(() => (result ? changedSince(result.basis, documents) : []), [result, documents]);

  const start = async (c: SetupChoice | null = choice): Promise<void> => {
    store.say('simulate', null);
    if (!c) return;
    const p = planOf(inputs);
    if (typeof p === 'string') {
      store.say('simulate', p);
      return;
    }
    const prepared = prepareBattle(model, diagnostics, c);
    if (!prepared.ok || model === null) {
      setRefusal(prepared.ok ? null : prepared.refusal);
      return;
    }
    setRefusal(null);
    const req = simulationRequest(model, documents, c, p);
    const basis = basisOf(model, documents, [c]);
    store.setKept((k) => ({ ...k, simulateInterrupted: false }));
    const keep = (report: SimReport, cancelled: boolean): void =>
      store.setKept((k) => ({ ...k, simulate: { report, bots: req.policies, choice: c, plan: p, basis, cancelled } }));
    // The result is kept before the job ends, so the charts go from partial to final without a gap.
    const [o] = await jobs.run('simulate', [req], ([done]) => {
      if (done?.kind === 'done') keep(done.report, false);
      else if (done?.kind === 'cancelled' && done.report && done.report.runs > 0) keep(done.report, true);
    });
    if (!o || o.kind === 'done') return;
    if (o.kind === 'cancelled')
      store.say('simulate', `Cancelled after ${o.report?.runs ?? 0} runs${o.report && o.report.runs > 0 ? '; the results below cover those runs' : ''}.`);
    else if (o.diagnostics.length > 0) setRefusal({ code: o.code, message: o.message, diagnostics: o.diagnostics });
    else store.say('simulate', o.message);
  };

  const shown = running ? partial : (result?.report ?? null);
  const mirror = shownChoice !== null && model !== null && isMirrorMatch(effectiveCrews(model, shownChoice), batchPolicies(shownChoice.players));
  const charts = useChartModel(shown, names, '', mirror, settings);
  const open = useCallback(
    (b: { run: number; seed: number }) => {
      if (running || !result) store.say('simulate', 'The batch is still running: open one of its battles once it has finished.');
      else onOpenBattle(b, { bots: result.bots, seed: result.report.seed, choice: result.choice, basis: result.basis, what: 'simulation' });
    },
    [running, result, onOpenBattle, store],
  );
  const limit = limitText ?? String(Math.round(settings.oneSidedAbove * 100));
  const limitBad = limitText !== null && !(Number(limitText) >= 50 && Number(limitText) < 100);
  const stem = result ? `simulation-${fileStem(result.choice.scenario)}-${result.report.seed}` : 'simulation';
  return (
    <div className="tr-simulate">
      <fieldset className="tr-sim-runs">
        <legend id={runsLegend}>Runs</legend>
        <RadioGroup
          className="tr-radios"
          aria-labelledby={runsLegend}
          orientation="horizontal"
          value={inputs.mode}
          onChange={(mode) => setInputs({ mode: mode as SimulateInputs['mode'] })}
        >
          <RadioOption value="runs">Fixed number of runs</RadioOption>
          <RadioOption value="interval">Until the 95% interval of the win rate is narrower than ± the half-width</RadioOption>
        </RadioGroup>
        <div className="tr-fields">
          <TextInput label="Runs" inputMode="numeric" value={inputs.runs} onChange={(v) => setInputs({ runs: v })} isDisabled={inputs.mode !== 'runs'} />
          <TextInput
            label="Interval half-width (%)"
            inputMode="decimal"
            value={inputs.half}
            onChange={(v) => setInputs({ half: v })}
            isDisabled={inputs.mode !== 'interval'}
          />
          <TextInput label="Max runs" inputMode="numeric" value={inputs.maxRuns} onChange={(v) => setInputs({ maxRuns: v })} isDisabled={inputs.mode !== 'interval'} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Balance warnings</legend>
        <TextInput
          label="One-sided win rate limit (%)"
          description="Warn when a side’s win rate is surely above this."
          inputMode="numeric"
          value={limit}
          isInvalid={limitBad}
          describedBy={limitBad ? limitErrorId : undefined}
          onChange={(v) => {
            setLimitText(v);
            const n = Number(v);
            if (v.trim() !== '' && n >= 50 && n < 100) store.setKept((k) => ({ ...k, balance: { ...k.balance, oneSidedAbove: n / 100 } }));
          }}
          onBlur={() => setLimitText(null)}
        />
        {limitBad && (
          <span role="alert" id={limitErrorId} className="tr-field-error">
            The limit must be a percentage from 50 to 99.
          </span>
        )}
      </fieldset>
      {choice?.players.includes('me') && <p className="tr-note">{`A side played by "me" is played by the ${ME_IN_BATCH} bot in a batch.`}</p>}
      <Button className="button-primary" isDisabled={running} onPress={() => void start()}>
        <Run aria-hidden="true" size={14} /> Run simulation
      </Button>
      {running && (
        <JobProgress
          store={store}
          pane="simulate"
          cap={inputs.mode === 'runs' ? Number(inputs.runs) || 1 : Number(inputs.maxRuns) || 1}
          label="Simulation progress"
          onCancel={() => jobs.cancel('simulate')}
        />
      )}
      {refusal && <RefusalView refusal={refusal} openLocation={openLocation} />}
      {message && (
        <p role="status" className="tr-message">
          {message}
        </p>
      )}
      {result && !running && stale.length > 0 && <StaleNote what="These results were" files={stale} onRerun={() => void start(result.choice)} />}
      {shown && (
        <section aria-label={running ? 'Partial simulation results' : 'Simulation results'}>
          {running ? (
            <p role="status">{`Partial results: ${shown.runs.toLocaleString('en')} battles so far.`}</p>
          ) : (
            result && (
              <>
                <p role="status">{`${result.report.runs.toLocaleString('en')} battles, seed ${result.report.seed}, ruleset ${result.report.ruleset}, ${result.bots.join(' vs ')}, mean ${result.report.rounds.mean.toFixed(2)} rounds, ${(result.report.elapsedMs / 1000).toFixed(1)} s${result.cancelled ? ' (cancelled early)' : ''}.`}</p>
                <div className="tr-toolbar" role="toolbar" aria-label="Export the simulation">
                  <Button className="button-quiet" onPress={() => downloadText(`${stem}.json`, simulationJson(result.report), 'application/json')}>
                    <FileJson aria-hidden="true" size={14} /> Download JSON
                  </Button>
                  <Button className="button-quiet" onPress={() => downloadText(`${stem}.csv`, simulationCsv(result.report), 'text/csv')}>
                    <FileSpreadsheet aria-hidden="true" size={14} /> Download CSV
                  </Button>
                </div>
              </>
            )
          )}
          {charts && !running && <BalanceList warnings={charts.warnings} onOpen={result ? open : undefined} />}
          {result && !running && <CoverageList coverage={result.report.coverage} runs={result.report.runs} />}
          {charts && <SimCharts model={charts.model} names={names} onOpen={open} />}
        </section>
      )}
    </div>
  );
}
