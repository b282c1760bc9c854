import { useState } from 'react';
import type { Api, DocumentTexts } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import { compareReports } from '../../../shared/engine/analysis';
import type { Comparison } from '../../../shared/engine/analysis';
import type { SimReport } from '../../../shared/engine/sim/report';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { RefusalView } from './Refusal';
import { SimCharts } from './SimCharts';
import { SimProgress } from './SimProgress';
import { namesOf, simulationRequest } from './sim-request';
import { optionsOf, prepareBattle } from './setup-choice';
import type { Refusal, SetupChoice } from './setup-choice';
import { useSimJob } from './use-sim-job';

/** Props of {@link CompareView}. */
export interface CompareViewProps {
  api: Api;
  documents: () => DocumentTexts;
  model: WorkspaceModel | null;
  diagnostics: Diagnostic[];
  choice: SetupChoice;
  openLocation: (file: string, line: number, column: number) => void;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const signedPct = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}%`;

/** Compare: two rulesets or two crews on identical seeds, the win-rate difference with its interval. */
export function CompareView({ api, documents, model, diagnostics, choice, openLocation }: CompareViewProps) {
  const job = useSimJob(api);
  const { crews, rulesets } = optionsOf(model);
  const [what, setWhat] = useState<'rulesets' | 'crews'>('rulesets');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState(rulesets[0]?.id ?? 'core');
  const [side, setSide] = useState<0 | 1>(0);
  const [runs, setRuns] = useState('1000');
  const [result, setResult] = useState<{
    reports: [SimReport, SimReport];
    comparison: Comparison;
    labels: [string, string];
  } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const names = namesOf(model, choice.scenario);
  const options =
    what === 'rulesets'
      ? [
          { id: '', name: `Workspace ruleset (${model?.workspace?.ruleset ?? 'core'})` },
          { id: 'core', name: 'core (built-in)' },
          ...rulesets,
        ]
      : [{ id: '', name: 'Scenario default' }, ...crews];
  const labelOf = (id: string): string => options.find((o) => o.id === id)?.name ?? id;
  const variant = (id: string): SetupChoice =>
    what === 'rulesets'
      ? { ...choice, ruleset: id }
      : { ...choice, crews: side === 0 ? [id, choice.crews[1]] : [choice.crews[0], id] };

  const start = async (): Promise<void> => {
    setNote(null);
    const n = Number(runs);
    if (!Number.isInteger(n) || n < 1) {
      setNote('Runs must be a whole number of at least 1.');
      return;
    }
    const choices = [variant(first), variant(second)] as const;
    for (const c of choices) {
      const p = prepareBattle(model, diagnostics, c);
      if (!p.ok) {
        setRefusal(p.refusal);
        return;
      }
    }
    setRefusal(null);
    setResult(null);
    const docs = documents();
    const outcomes = await job.run(
      choices.map((c) => simulationRequest(model!, docs, c, { mode: 'runs', runs: n })),
    );
    const [a, b] = outcomes;
    if (a?.kind === 'done' && b?.kind === 'done') {
      const cmp = compareReports(a.report, b.report);
      if (cmp.ok)
        setResult({
          reports: [a.report, b.report],
          comparison: cmp.value,
          labels: [labelOf(first), labelOf(second)],
        });
      else setNote(cmp.error.message);
      return;
    }
    const bad = outcomes.find((o) => o.kind !== 'done');
    if (bad?.kind === 'cancelled') setNote('The comparison was cancelled.');
    else if (bad?.kind === 'error') {
      if (bad.diagnostics.length > 0)
        setRefusal({ code: bad.code, message: bad.message, diagnostics: bad.diagnostics });
      else setNote(bad.message);
    }
  };

  return (
    <div className="tr-compare">
      <fieldset>
        <legend>Compare</legend>
        <label>
          Compare
          <select
            aria-label="Compare"
            value={what}
            onChange={(e) => {
              setWhat(e.target.value as 'rulesets' | 'crews');
              setFirst('');
              setSecond('');
            }}
          >
            <option value="rulesets">Two rulesets</option>
            <option value="crews">Two crews</option>
          </select>
        </label>
        {what === 'crews' && (
          <label>
            Side
            <select
              aria-label="Side to vary"
              value={side}
              onChange={(e) => setSide(Number(e.target.value) as 0 | 1)}
            >
              <option value={0}>Side A</option>
              <option value={1}>Side B</option>
            </select>
          </label>
        )}
        {(['First', 'Second'] as const).map((label, i) => (
          <label key={label}>
            {`${label} ${what === 'rulesets' ? 'ruleset' : 'crew'}`}
            <select
              aria-label={`${label} ${what === 'rulesets' ? 'ruleset' : 'crew'}`}
              value={i === 0 ? first : second}
              onChange={(e) => (i === 0 ? setFirst(e.target.value) : setSecond(e.target.value))}
            >
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label>
          Runs each
          <input
            aria-label="Runs each"
            inputMode="numeric"
            value={runs}
            onChange={(e) => setRuns(e.target.value)}
          />
        </label>
        <button type="button" disabled={job.running} onClick={() => void start()}>
          Run comparison
        </button>
      </fieldset>
      <p className="tr-note">{`Both runs use seed ${choice.seed} and the same runs, so they play the same battle seeds. The interval of the difference treats the runs as independent samples (Newcombe's hybrid score interval), which is conservative for identical seeds.`}</p>
      {job.running && (
        <SimProgress
          progress={job.progress}
          cap={Number(runs) || 1}
          label={`Comparison progress (run ${job.step + 1} of 2)`}
          onCancel={job.cancel}
        />
      )}
      {refusal && <RefusalView refusal={refusal} openLocation={openLocation} />}
      {note && <p role="status">{note}</p>}
      {result && (
        <section aria-label="Comparison results">
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
                  <th scope="row">
                    {d.subject === 'draw' ? 'Draw' : `${names[d.subject] ?? d.subject} wins`}
                  </th>
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
              <SimCharts key={i} report={r} names={names} title={`${result.labels[i]}: `} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
