import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { FileJson, FileSpreadsheet, GitCompare } from 'lucide-react';
import type { DocumentTexts } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import { compareReports } from '../../../shared/engine/analysis';
import type { SimReport } from '../../../shared/engine/sim/report';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { basisOf, changedSince } from './basis';
import { useChartModel } from './chart-client';
import { Picker } from '../components/Picker';
import type { PickerItem } from '../components/Picker';
import { NONE_ID, TextInput, fromPickerId, rulesetItems, toPickerId } from './fields';
import { downloadText } from './download';
import { comparisonCsv, comparisonJson } from './exports';
import type { JobsController } from './jobs';
import { RefusalView } from './Refusal';
import { SimCharts } from './SimCharts';
import { JobProgress } from './SimProgress';
import { namesOf, simulationRequest } from './sim-request';
import { optionsOf, prepareBattle } from './setup-choice';
import type { Refusal, SetupChoice } from './setup-choice';
import { StaleNote } from './StaleNote';
import type { CompareInputs } from './testrun-state';
import type { TestRunStore } from './testrun-store';
import { useTestRun } from './testrun-store';

/** Props of {@link CompareView}. */
export interface CompareViewProps {
  store: TestRunStore;
  jobs: JobsController;
  model: WorkspaceModel | null;
  diagnostics: Diagnostic[];
  documents: DocumentTexts;
  openLocation: (file: string, line: number, column: number) => void;
}

/** The two kinds of comparison. */
const COMPARE_ITEMS: PickerItem[] = [
  { id: 'rulesets', label: 'Two rulesets' },
  { id: 'crews', label: 'Two crews' },
];
/** The side whose crew varies. */
const SIDE_ITEMS: PickerItem[] = [
  { id: '0', label: 'Side A' },
  { id: '1', label: 'Side B' },
];

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const signedPct = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}%`;

/** The charts of one report of a comparison (its model computed off the main thread). */
function RunCharts({ report, names, title, settings }: { report: SimReport; names: Record<string, string>; title: string; settings: Parameters<typeof useChartModel>[4] }) {
  const charts = useChartModel(report, names, title, false, settings);
  return charts ? <SimCharts model={charts.model} names={names} title={title} /> : <p className="tr-note">{`${title}drawing…`}</p>;
}

/** Compare: two rulesets or two crews on identical seeds, the win-rate difference with its interval. */
export function CompareView({ store, jobs, model, diagnostics, documents, openLocation }: CompareViewProps) {
  const inputs = useTestRun(store, (s) => s.kept.compareInputs);
  const result = useTestRun(store, (s) => s.kept.compare);
  const choice = useTestRun(store, (s) => s.kept.choice);
  const settings = useTestRun(store, (s) => s.kept.balance);
  const running = useTestRun(store, (s) => s.live.compare.running);
  const step = useTestRun(store, (s) => s.live.compare.step);
  const message = useTestRun(store, (s) => s.live.messages.compare ?? null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const set = (patch: Partial<CompareInputs>): void => store.setKept((k) => ({ ...k, compareInputs: { ...k.compareInputs, ...patch } }));
  const { crews, rulesets } = optionsOf(model);
  const { what, first, second, side, runs } = inputs;
  const names = useMemo(() => (result ? namesOf(model, result.choices[0]) : choice ? namesOf(model, choice) : {}), [model, result, choice]);
  const runNames = useMemo(() => (result ? result.choices.map((c) => namesOf(model, c)) : []), [model, result]);
  const stale = useMemo(() => (result ? changedSince(result.basis, documents) : []), [result, documents]);
  const items: PickerItem[] =
    what === 'rulesets' ? rulesetItems(model, rulesets) : [{ id: NONE_ID, label: 'Scenario default' }, ...crews.map((c) => ({ id: c.id, label: c.name }))];
  const labelOf = (id: string): string => items.find((o) => o.id === toPickerId(id))?.label ?? id;
  const variant = (c: SetupChoice, id: string): SetupChoice =>
    what === 'rulesets' ? { ...c, ruleset: id } : { ...c, crews: side === 0 ? [id, c.crews[1]] : [c.crews[0], id] };

  const run = async (choices: readonly [SetupChoice, SetupChoice] | null, labels: [string, string], n: number): Promise<void> => {
    store.say('compare', null);
    if (!choices || !model) return;
    if (!Number.isInteger(n) || n < 1 || n > 10_000_000) {
      store.say('compare', 'Runs each must be a whole number from 1 to 10,000,000.');
      return;
    }
    for (const c of choices) {
      const p = prepareBattle(model, diagnostics, c);
      if (!p.ok) {
        setRefusal(p.refusal);
        return;
      }
    }
    setRefusal(null);
    store.setKept((k) => ({ ...k, compareInterrupted: false }));
    const basis = basisOf(model, documents, choices);
    let compared = false;
    const outcomes = await jobs.run(
      'compare',
      choices.map((c) => simulationRequest(model, documents, c, { mode: 'runs', runs: n })),
      ([a, b]) => {
        if (a?.kind !== 'done' || b?.kind !== 'done') return;
        compared = true;
        const cmp = compareReports(a.report, b.report);
        if (cmp.ok)
          store.setKept((k) => ({ ...k, compare: { reports: [a.report, b.report], comparison: cmp.value, labels, choices: [choices[0], choices[1]], runs: n, basis } }));
        else store.say('compare', cmp.error.message);
      },
    );
    if (compared) return;
    const bad = outcomes.find((o) => o.kind !== 'done');
    if (bad?.kind === 'cancelled') store.say('compare', 'The comparison was cancelled.');
    else if (bad?.kind === 'error') {
      if (bad.diagnostics.length > 0) setRefusal({ code: bad.code, message: bad.message, diagnostics: bad.diagnostics });
      else store.say('compare', bad.message);
    }
  };
  const start = (): Promise<void> =>
    run(choice ? [variant(choice, first), variant(choice, second)] : null, [labelOf(first), labelOf(second)], Number(runs));

  return (
    <div className="tr-compare">
      <fieldset>
        <legend>Compare</legend>
        <Picker
          label="Compare"
          items={COMPARE_ITEMS}
          value={what}
          onChange={(id) => set({ what: id as CompareInputs['what'], first: '', second: '' })}
        />
        {what === 'crews' && (
          <Picker label="Side to vary" items={SIDE_ITEMS} value={String(side)} onChange={(id) => set({ side: Number(id) as 0 | 1 })} />
        )}
        {(['First', 'Second'] as const).map((label, i) => (
          <Picker
            key={label}
            label={`${label} ${what === 'rulesets' ? 'ruleset' : 'crew'}`}
            items={items}
            value={toPickerId(i === 0 ? first : second)}
            onChange={(id) => set(i === 0 ? { first: fromPickerId(id) } : { second: fromPickerId(id) })}
          />
        ))}
        <TextInput label="Runs each" inputMode="numeric" value={runs} onChange={(v) => set({ runs: v })} />
        <Button className="button-primary" isDisabled={running} onPress={() => void start()}>
          <GitCompare aria-hidden="true" size={14} /> Run comparison
        </Button>
      </fieldset>
      <p className="tr-note">{`Both runs use seed ${choice?.seed ?? '—'} and the same runs, so they play the same battle seeds. The interval of the difference treats the runs as independent samples (Newcombe's hybrid score interval), which is conservative for identical seeds.`}</p>
      {running && (
        <JobProgress store={store} pane="compare" cap={Number(runs) || 1} label={`Comparison progress (run ${step + 1} of 2)`} onCancel={() => jobs.cancel('compare')} />
      )}
      {refusal && <RefusalView refusal={refusal} openLocation={openLocation} />}
      {message && (
        <p role="status" className="tr-message">
          {message}
        </p>
      )}
      {result && !running && stale.length > 0 && <StaleNote what="This comparison was" files={stale} onRerun={() => void run(result.choices, result.labels, result.runs)} />}
      {result && (
        <section aria-label="Comparison results">
          <div className="tr-toolbar" role="toolbar" aria-label="Export the comparison">
            <Button
              className="button-quiet"
              onPress={() =>
                downloadText(
                  `comparison-${result.reports[0].seed}.json`,
                  comparisonJson([{ label: result.labels[0], report: result.reports[0] }, { label: result.labels[1], report: result.reports[1] }], result.comparison),
                  'application/json',
                )
              }
            >
              <FileJson aria-hidden="true" size={14} /> Download JSON
            </Button>
            <Button className="button-quiet" onPress={() => downloadText(`comparison-${result.reports[0].seed}.csv`, comparisonCsv(result.labels, result.comparison), 'text/csv')}>
              <FileSpreadsheet aria-hidden="true" size={14} /> Download CSV
            </Button>
          </div>
          <table aria-label="Win rate difference">
            <thead>
              <tr>
                <th scope="col">Outcome</th>
                <th scope="col">{result.labels[0]}</th>
                <th scope="col">{result.labels[1]}</th>
                <th scope="col">Difference (second − first)</th>
                <th scope="col">95% interval</th>
              </tr>
            </thead>
            <tbody>
              {[...result.comparison.sides, result.comparison.draws].map((d) => (
                <tr key={d.subject}>
                  <th scope="row">{d.subject === 'draw' ? 'Draw' : `${names[d.subject] ?? d.subject} wins`}</th>
                  <td>{pct(d.first)}</td>
                  <td>{pct(d.second)}</td>
                  <td>{`${signedPct(d.diff)}${d.significant ? ' (significant)' : ''}`}</td>
                  <td>{`${signedPct(d.ci95[0])} to ${signedPct(d.ci95[1])}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="tr-side-by-side">
            {result.reports.map((r, i) => (
              <RunCharts key={i} report={r} names={runNames[i] ?? names} title={`${result.labels[i]}: `} settings={settings} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
