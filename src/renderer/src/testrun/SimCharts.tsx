import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, ErrorBar, Tooltip, XAxis, YAxis } from 'recharts';
import type { SimReport } from '../../../shared/engine/sim/report';
import {
  battleRefs,
  bucketBattle,
  lossBattle,
  memberRows,
  objectiveRows,
  outcomeRows,
  pointsLabel,
  pointsRows,
  roundsRows,
} from './chart-data';
import type { BattleRef } from './chart-data';

/** Props of {@link SimCharts}. */
export interface SimChartsProps {
  report: SimReport;
  /** Display names of side, objective and Area ids. */
  names: Record<string, string>;
  /** Opens one battle in Play; absent to make bars inert (Compare). */
  onOpen?: (ref: BattleRef) => void;
  /** Prefix for chart names, e.g. "First run: ". */
  title?: string;
}

const COLORS = ['#4e79a7', '#e15759', '#9c9c9c', '#59a14f', '#f28e2b'];
const H = 220;
// Fixed sizes: a ResponsiveContainer renders every chart twice (measure, then draw).
const W = 400;

/** A legend entry: series name and colour. */
interface LegendItem {
  name: string;
  color: string;
}

/**
 * One figure. Until `ready` it holds a same-size placeholder (no layout shift while the charts
 * mount one by one). The legend is plain HTML: recharts' own Legend measures itself after mount
 * and re-renders the whole chart synchronously, which doubled each chart's mount task.
 */
function Chart({
  label,
  ready,
  legend = [],
  children,
}: {
  label: string;
  ready: boolean;
  legend?: LegendItem[];
  children: () => ReactElement;
}) {
  return (
    <figure className="tr-chart" aria-label={label}>
      <figcaption>{label}</figcaption>
      {ready ? children() : <div className="tr-chart-placeholder" style={{ width: W, height: H }} />}
      {legend.length > 0 && (
        <ul className="tr-legend" aria-label={`Legend of ${label}`}>
          {legend.map((l) => (
            <li key={l.name}>
              <span className="tr-swatch" style={{ background: l.color }} aria-hidden="true" />
              {l.name}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** Waits for an idle moment (or at most `timeout` ms), then calls `fn`; returns a canceller. */
function whenIdle(fn: () => void, timeout = 250): () => void {
  const w = globalThis as unknown as {
    requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout });
    return () => w.cancelIdleCallback!(id);
  }
  const t = setTimeout(fn, 0);
  return () => clearTimeout(t);
}

/**
 * Charts mounted so far: none on the first render, then one more per idle callback, each as a
 * transition (its render phase yields to input), so no single task renders them all (long tasks).
 */
function useStaged(total: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => startTransition(() => setShown((n) => n + 1)));
  }, [shown, total]);
  return shown;
}

const payloadOf = (d: unknown): Record<string, unknown> =>
  ((d as { payload?: Record<string, unknown> }).payload ?? {}) as Record<string, unknown>;

/**
 * Every chart of a report (recharts); rounds bars and loss bars open a battle when clicked.
 * Chart data is computed once per report; the charts mount one per idle moment, and the component
 * re-renders only when its props change (memo), not on unrelated progress updates.
 */
export const SimCharts = memo(function SimCharts({ report, names, onOpen, title = '' }: SimChartsProps) {
  const sideIds = useMemo(() => report.sides.map((s) => s.side), [report]);
  const data = useMemo(
    () => ({
      outcomes: outcomeRows(report, names),
      rounds: roundsRows(report),
      members: memberRows(report),
      objectives: objectiveRows(report, names),
      points: pointsRows(report),
      refs: battleRefs(report),
    }),
    [report, names],
  );
  const pointLabels = useMemo(() => new Map(data.points.map((r) => [r.points!, pointsLabel(r)])), [data]);
  const { outcomes, rounds } = data;
  const outcomeKeys = [...sideIds, 'draw'];
  const shown = useStaged(6);
  const outcomeLegend: LegendItem[] = [
    { name: 'win', color: COLORS[3]! },
    { name: 'draw', color: COLORS[2]! },
    { name: 'loss', color: COLORS[1]! },
  ];
  const roundKeys = report.analysis ? outcomeKeys : ['total'];
  const roundName = (k: string): string =>
    k === 'draw' ? 'draw' : k === 'total' ? 'battles' : `${names[k] ?? k} wins`;
  const roundColor = (i: number): string => COLORS[i === outcomeKeys.length - 1 ? 2 : i]!;
  const roundsLegend = roundKeys.map((k, i) => ({ name: roundName(k), color: roundColor(i) }));
  const sideLegend = sideIds.map((s, i) => ({ name: names[s] ?? s, color: COLORS[i]! }));
  const open = (ref: BattleRef | null): void => {
    if (ref && onOpen) onOpen(ref);
  };
  return (
    <div className="tr-charts">
      <Chart label={`${title}Win, draw and loss per side (%)`} ready={shown > 0} legend={outcomeLegend}>
        {() => (
          <BarChart width={W} height={H} data={outcomes}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="side" />
            <YAxis unit="%" domain={[0, 100]} />
            <Tooltip />
            <Bar dataKey="win" name="win" fill={COLORS[3]} isAnimationActive={false}>
              <ErrorBar dataKey="winError" width={6} stroke="#222" isAnimationActive={false} />
            </Bar>
            <Bar dataKey="draw" name="draw" fill={COLORS[2]} isAnimationActive={false} />
            <Bar
              dataKey="loss"
              name="loss"
              fill={COLORS[1]}
              isAnimationActive={false}
              cursor={onOpen ? 'pointer' : undefined}
              onClick={(d) => open(lossBattle(report, String(payloadOf(d).sideId)))}
            />
          </BarChart>
        )}
      </Chart>
      <Chart label={`${title}Rounds played`} ready={shown > 1} legend={roundsLegend}>
        {() => (
          <BarChart width={W} height={H} data={rounds}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="rounds" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            {roundKeys.map((k, i) => (
              <Bar
                key={k}
                dataKey={k}
                name={roundName(k)}
                stackId="r"
                fill={roundColor(i)}
                isAnimationActive={false}
                cursor={onOpen ? 'pointer' : undefined}
                onClick={(d) => open(bucketBattle(report, Number(payloadOf(d).rounds), k))}
              />
            ))}
          </BarChart>
        )}
      </Chart>
      <Chart label={`${title}Incapacitation rate per member (%)`} ready={shown > 2}>
        {() => (
          <BarChart width={W} height={H} data={data.members} layout="vertical" margin={{ left: 40 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" unit="%" domain={[0, 100]} />
            <YAxis type="category" dataKey="member" width={160} />
            <Tooltip />
            <Bar dataKey="rate" name="incapacitated" fill={COLORS[1]} isAnimationActive={false} />
          </BarChart>
        )}
      </Chart>
      <Chart label={`${title}Objective completion per side (%)`} ready={shown > 3} legend={sideLegend}>
        {() => (
          <BarChart width={W} height={H} data={data.objectives}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="objective" />
            <YAxis unit="%" domain={[0, 100]} />
            <Tooltip />
            {sideIds.map((s, i) => (
              <Bar key={s} dataKey={s} name={names[s] ?? s} fill={COLORS[i]} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </Chart>
      <Chart label={`${title}Points distribution`} ready={shown > 4} legend={sideLegend}>
        {() => (
          <BarChart width={W} height={H} data={data.points}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="points" tickFormatter={(v: number) => pointLabels.get(v) ?? String(v)} />
            <YAxis allowDecimals={false} />
            <Tooltip labelFormatter={(v) => pointLabels.get(Number(v)) ?? String(v)} />
            {sideIds.map((s, i) => (
              <Bar key={s} dataKey={s} name={names[s] ?? s} fill={COLORS[i]} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </Chart>
      {shown > 5 && onOpen && data.refs.length > 0 && (
        <details className="tr-buckets">
          <summary>Open a battle of a bucket</summary>
          <ul aria-label="Battles by rounds and outcome">
            {data.refs.map((b) => (
              <li key={`${b.rounds}:${b.outcome}`}>
                <button type="button" onClick={() => onOpen(b)}>
                  {`Open a battle of ${b.rounds} rounds, ${b.outcome === 'draw' ? 'draw' : `${names[b.outcome] ?? b.outcome} wins`} (${b.count} battles)`}
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
});
