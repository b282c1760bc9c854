/**
 * The season forecast (issue 10, item 7): the remaining planned battles played K times by bots,
 * aftermath carried between battles; per crew the chance of each final place and the expected
 * points, per member the chance of surviving the season. Progress bar and Cancel.
 */
import { LineChart, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, Cell, Column, Label, ProgressBar, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { Api, DocumentTexts, SimulationProgress } from '../../../shared/api';
import type { ForecastReport } from '../../../shared/campaign';
import { parseSeed } from '../testrun/setup-choice';
import { Choice, Text } from './fields';
import { runForecastJob } from './forecast-job';
import type { ForecastHandle } from './forecast-job';

const BOTS = [
  { id: 'greedy', name: 'greedy' },
  { id: 'random', name: 'random' },
  { id: 'mcts', name: 'mcts' },
] as const;
type Bot = (typeof BOTS)[number]['id'];

const PLACE_COLOURS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `var(--color-series-${n})`);
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const ordinal = (n: number): string => `${n}${['st', 'nd', 'rd'][n - 1] ?? 'th'}`;

/** The forecast's charts: finishing places per crew (stacked) and survival per member. */
function ForecastCharts({ report }: { report: ForecastReport }) {
  const places = report.crews.map((c) => Object.fromEntries([['crew', c.name], ...c.places.map((p, i) => [ordinal(i + 1), Math.round(p * 1000) / 10])]));
  const survival = report.crews.flatMap((c) => c.members.map((m) => ({ member: `${m.name}`, survival: Math.round(m.survival * 1000) / 10 })));
  return (
    <div className="cv-charts">
      <figure aria-label="Chart: chance of each final place, per crew">
        <figcaption>Final place (% of seasons)</figcaption>
        <BarChart width={460} height={220} data={places} layout="vertical" margin={{ left: 60 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" domain={[0, 100]} unit="%" />
          <YAxis type="category" dataKey="crew" width={140} />
          <Tooltip />
          {report.crews.map((_, i) => (
            <Bar key={i} dataKey={ordinal(i + 1)} stackId="p" fill={PLACE_COLOURS[i % PLACE_COLOURS.length]} isAnimationActive={false} />
          ))}
        </BarChart>
        <ul className="cv-legend">
          {report.crews.map((_, i) => (
            <li key={i}>
              <span className="cv-swatch" style={{ background: PLACE_COLOURS[i % PLACE_COLOURS.length] }} aria-hidden /> {ordinal(i + 1)}
            </li>
          ))}
        </ul>
      </figure>
      <figure aria-label="Chart: chance of surviving the season, per member">
        <figcaption>Survives the season (%)</figcaption>
        <BarChart width={460} height={Math.max(160, survival.length * 16)} data={survival} layout="vertical" margin={{ left: 60 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" domain={[0, 100]} unit="%" />
          <YAxis type="category" dataKey="member" width={150} interval={0} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="survival" fill="var(--color-success)" isAnimationActive={false} />
        </BarChart>
      </figure>
    </div>
  );
}

/** The forecast panel of a campaign. */
export function ForecastPanel({ api, campaign, documents }: { api: Api; campaign: string; documents: () => DocumentTexts }) {
  const [runsText, setRunsText] = useState('1000');
  const [seedText, setSeedText] = useState('1');
  const [bots, setBots] = useState<[Bot, Bot]>(['greedy', 'greedy']);
  const [progress, setProgress] = useState<SimulationProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<ForecastReport | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const handle = useRef<ForecastHandle | null>(null);
  useEffect(() => () => handle.current?.cancel(), []);
  const runs = /^\d+$/.test(runsText) && Number(runsText) >= 1 && Number(runsText) <= 1_000_000 ? Number(runsText) : null;
  const seed = parseSeed(seedText);

  const start = async (): Promise<void> => {
    if (runs === null || seed === null) return;
    setRunning(true);
    setProgress(null);
    setMessage(null);
    handle.current = runForecastJob(api, { documents: documents(), campaign, runs, policies: bots, seed }, setProgress);
    const outcome = await handle.current.done;
    handle.current = null;
    setRunning(false);
    if (outcome.kind === 'done') {
      setReport(outcome.report);
      setMessage({ text: `Forecast done: ${outcome.report.runs} seasons in ${(outcome.report.elapsedMs / 1000).toFixed(1)} s.`, error: false });
    } else if (outcome.kind === 'cancelled') setMessage({ text: 'Forecast cancelled.', error: false });
    else setMessage({ text: `${outcome.message}${outcome.diagnostics.length ? `: ${outcome.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`).join('; ')}` : ''}`, error: true });
  };

  return (
    <div className="cv-forecast">
      <div className="cv-row">
        <Text label="Seasons to play" value={runsText} onChange={setRunsText} error={runs === null ? 'A whole number 1..1000000' : null} />
        <Choice label="Bot of side a" value={bots[0]} options={BOTS} onChange={(b) => setBots([b, bots[1]])} />
        <Choice label="Bot of side b" value={bots[1]} options={BOTS} onChange={(b) => setBots([bots[0], b])} />
        <Text label="Forecast seed" value={seedText} onChange={setSeedText} error={seed === null ? 'A whole number 0..4294967295' : null} />
        <Button className="button-primary" isDisabled={running || runs === null || seed === null} onPress={() => void start()}>
          <LineChart size={14} aria-hidden /> Forecast the season
        </Button>
        <Button className="button-danger" isDisabled={!running} onPress={() => handle.current?.cancel()}>
          <Square size={14} aria-hidden /> Cancel forecast
        </Button>
      </div>
      {running && (
        <ProgressBar className="cv-progress" value={progress?.done ?? 0} maxValue={progress?.total ?? runs ?? 1} aria-label="Forecast progress">
          {({ percentage, valueText }) => (
            <>
              <Label>Forecast progress</Label> <span className="muted">{valueText} ({progress?.done ?? 0} of {progress?.total ?? runs} seasons)</span>
              <div className="cv-bar">
                <div className="cv-fill" style={{ width: `${percentage ?? 0}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
      )}
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'cv-error' : undefined}>
          {message.text}
        </p>
      )}
      {report && (
        <section aria-label="Forecast results">
          <p>
            {report.battles.length === 0 ? 'No planned battle is left: the standings are final.' : `Remaining battles: ${report.battles.map((b) => `${b.name} (${b.crews.join(' vs ')})`).join('; ')}.`}{' '}
            {report.runs} seasons, seed {report.seed}, bots {report.ai.join(' and ')}.
          </p>
          <ForecastCharts report={report} />
          <Table aria-label="Forecast: final places" className="cv-table">
            <TableHeader>
              <Column isRowHeader>Crew</Column>
              {report.crews.map((_, i) => (
                <Column key={i}>{ordinal(i + 1)}</Column>
              ))}
              <Column>Expected points</Column>
              <Column>Expected wins</Column>
            </TableHeader>
            <TableBody items={report.crews.map((c) => ({ ...c, id: c.crew }))}>
              {(c) => (
                <Row id={c.crew}>
                  <Cell>{c.name}</Cell>
                  {c.places.map((p, i) => (
                    <Cell key={i}>{pct(p)}</Cell>
                  ))}
                  <Cell>{c.expectedPoints.toFixed(2)}</Cell>
                  <Cell>{c.expectedWins.toFixed(2)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </section>
      )}
    </div>
  );
}
