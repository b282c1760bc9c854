import { memo, useMemo, useRef } from 'react';
import { Button } from 'react-aria-components';
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, Tooltip, XAxis, YAxis } from 'recharts';
import { useSystemTheme } from '../theme';
import { countTicks, fmtCount, fmtPct, pct, pointsLabel, roundKeyName } from './chart-data';
import type { BattleRef, ChartModel } from './chart-data';
import { ChartFigure } from './ChartFigure';
import type { LegendItem } from './ChartFigure';
import { chartPalette } from './chart-palette';

/** Props of {@link SimCharts}. */
export interface SimChartsProps {
  model: ChartModel;
  /** Display names of side, objective and Area ids. */
  names: Record<string, string>;
  /** Opens one battle in Play; absent to make bars inert (Compare). */
  onOpen?: (ref: BattleRef) => void;
  /** Prefix for chart names, e.g. "First run: ". */
  title?: string;
}

const H = 240;
/** The data of a chart's skeleton (its first draw). */
const NONE: never[] = [];
const payloadOf = (d: unknown): Record<string, unknown> =>
  ((d as { payload?: Record<string, unknown> }).payload ?? {}) as Record<string, unknown>;

/** An axis tick label wrapped on spaces into lines of at most `max` characters (every group labelled). */
function WrappedTick(props: { x?: number; y?: number; payload?: { value?: unknown }; fill?: string; max?: number }) {
  const words = String(props.payload?.value ?? '').split(/\s+/);
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${w}`.length <= (props.max ?? 14)) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return (
    <text x={props.x} y={props.y} textAnchor="middle" fill={props.fill} className="tr-tick" fontSize={12}>
      {lines.slice(0, 3).map((l, i) => (
        <tspan key={i} x={props.x} dy={i === 0 ? 12 : 13}>
          {l}
        </tspan>
      ))}
    </text>
  );
}

/**
 * Every chart of a report (recharts): outcomes with intervals, rounds, incapacitation per member,
 * objective completion and points. One colour per side everywhere, with a legend; every bar is
 * labelled; tooltips give percentages with the series named; each chart has its table.
 */
export const SimCharts = memo(function SimCharts({ model, names, onOpen, title = '' }: SimChartsProps) {
  const palette = chartPalette(useSystemTheme());
  // Each chart is drawn again only when this changes (the model or the theme).
  const data = useMemo(() => ({ model, palette }), [model, palette]);
  const sideColor = (id: string): string => (id === 'draw' ? palette.draw : model.sides.indexOf(id) === 1 ? palette.sides[1] : palette.sides[0]);
  const name = (id: string): string => names[id] ?? id;
  const sideLegend: LegendItem[] = model.sides.map((s) => ({ name: name(s), color: sideColor(s) }));
  const n = Math.max(1, model.runs);
  // interval 0: every tick drawn, none measured (measuring labels is a good part of a chart's cost).
  const axis = { stroke: palette.grid, tick: { fill: palette.axis, fontSize: 12 }, interval: 0 as const };
  const roundTicks = countTicks(Math.max(0, ...model.rounds.map((r) => model.roundKeys.reduce((t, k) => t + (r[k] ?? 0), 0))));
  const pointTicks = countTicks(Math.max(0, ...model.points.flatMap((r) => model.sides.map((s) => r[s] ?? 0))));
  // A label every so many bars, counted rather than measured: about one per 44 px.
  const every = (bars: number, width: number): number => Math.max(0, Math.ceil(bars / Math.max(1, width / 44)) - 1);
  const grid = <CartesianGrid strokeDasharray="3 3" stroke={palette.grid} />;
  const tooltip = (format: (v: number) => string, label?: (v: unknown) => string) => (
    <Tooltip
      formatter={(v, series) => [format(Number(v)), String(series)]}
      labelFormatter={label}
      contentStyle={{ background: palette.surface, border: `1px solid ${palette.grid}`, color: palette.axis }}
      cursor={{ fill: palette.cursor }}
      isAnimationActive={false}
    />
  );
  const percent = (v: number): string => fmtPct(v);
  const battles = (v: number): string => `${fmtCount(v)} battles (${fmtPct(pct(v / n))})`;
  // recharts keeps the click handlers of a mounted chart: read the latest `onOpen` through a ref.
  const latest = useRef(onOpen);
  latest.current = onOpen;
  const open = (ref: BattleRef | null | undefined): void => {
    if (ref) latest.current?.(ref);
  };
  const commonest = (outcome: string): BattleRef | undefined =>
    model.refs.filter((r) => r.outcome === outcome).reduce<BattleRef | undefined>((b, r) => (b === undefined || r.count > b.count ? r : b), undefined);
  const memberHeight = Math.max(H, 26 * model.members.length + 50);
  const memberAxis = Math.min(240, 16 + 7 * Math.max(8, ...model.members.map((m) => m.member.length)));
  return (
    <div className="tr-charts">
      <ChartFigure data={data} label={`${title}Win, draw and loss per side (%)`} height={H} table={model.tables.outcomes} legend={[...sideLegend, { name: 'Draw', color: palette.draw }]}>
        {(width, skeleton) => (
          <BarChart width={width} height={H} data={skeleton ? NONE : model.outcomes} accessibilityLayer={false}>
            {grid}
            <XAxis dataKey="label" {...axis} />
            <YAxis unit="%" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} {...axis} />
            {tooltip(percent)}
            <Bar dataKey="value" name="share of battles" isAnimationActive={false} cursor={onOpen ? 'pointer' : undefined} onClick={(d) => open(commonest(String(payloadOf(d).key)))}>
              {model.outcomes.map((o) => (
                <Cell key={o.key} fill={sideColor(o.key)} />
              ))}
              <ErrorBar dataKey="error" width={8} stroke={palette.errorBar} strokeWidth={1.5} isAnimationActive={false} />
            </Bar>
          </BarChart>
        )}
      </ChartFigure>
      <ChartFigure
        data={data}
        label={`${title}Rounds played`}
        height={H}
        table={model.tables.rounds}
        legend={model.roundKeys.map((k) => ({ name: roundKeyName(names, k), color: k === 'total' ? palette.sides[0] : sideColor(k) }))}
      >
        {(width, skeleton) => (
          <BarChart width={width} height={H} data={skeleton ? NONE : model.rounds} accessibilityLayer={false}>
            {grid}
            <XAxis dataKey="rounds" {...axis} />
            <YAxis allowDecimals={false} ticks={roundTicks} domain={[0, roundTicks[roundTicks.length - 1]!]} {...axis} />
            {tooltip(battles, (v) => `${String(v)} rounds`)}
            {model.roundKeys.map((k) => (
              <Bar
                key={k}
                dataKey={k}
                name={roundKeyName(names, k)}
                stackId="r"
                fill={k === 'total' ? palette.sides[0] : sideColor(k)}
                isAnimationActive={false}
                cursor={onOpen ? 'pointer' : undefined}
                onClick={(d) => open(model.refs.find((r) => r.rounds === Number(payloadOf(d).rounds) && r.outcome === k))}
              />
            ))}
          </BarChart>
        )}
      </ChartFigure>
      <ChartFigure data={data} label={`${title}Incapacitation rate per member (%)`} height={memberHeight} table={model.tables.members} legend={sideLegend}>
        {(width, skeleton) => (
          <BarChart width={width} height={memberHeight} data={skeleton ? NONE : model.members} layout="vertical" accessibilityLayer={false}>
            {grid}
            <XAxis type="number" unit="%" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} {...axis} />
            <YAxis type="category" dataKey="member" width={memberAxis} {...axis} />
            {tooltip(percent)}
            <Bar dataKey="rate" name="incapacitated" isAnimationActive={false}>
              {model.members.map((m, i) => (
                <Cell key={i} fill={sideColor(m.side)} />
              ))}
            </Bar>
          </BarChart>
        )}
      </ChartFigure>
      <ChartFigure data={data} label={`${title}Objective completion per side (%)`} height={H + 20} table={model.tables.objectives} legend={sideLegend}>
        {(width, skeleton) => (
          <BarChart width={width} height={H + 20} data={skeleton ? NONE : model.objectives} accessibilityLayer={false} margin={{ bottom: 24 }}>
            {grid}
            <XAxis dataKey="objective" {...axis} tick={<WrappedTick fill={palette.axis} max={Math.max(8, Math.floor(width / Math.max(1, model.objectives.length) / 7.5))} />} />
            <YAxis unit="%" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} {...axis} />
            {tooltip(percent)}
            {model.sides.map((s) => (
              <Bar key={s} dataKey={s} name={name(s)} fill={sideColor(s)} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ChartFigure>
      <ChartFigure data={data} label={`${title}Points distribution`} height={H} table={model.tables.points} legend={sideLegend}>
        {(width, skeleton) => (
          <BarChart width={width} height={H} data={skeleton ? NONE : model.points} accessibilityLayer={false}>
            {grid}
            <XAxis dataKey="points" {...axis} interval={every(model.points.length, width)} tickFormatter={(v: number) => pointsLabel(model.points.find((r) => r.points === v) ?? { points: v })} />
            <YAxis allowDecimals={false} ticks={pointTicks} domain={[0, pointTicks[pointTicks.length - 1]!]} {...axis} />
            {tooltip(battles, (v) => `${pointsLabel(model.points.find((r) => r.points === Number(v)) ?? { points: Number(v) })} points`)}
            {model.sides.map((s) => (
              <Bar key={s} dataKey={s} name={name(s)} fill={sideColor(s)} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ChartFigure>
      {onOpen && model.refs.length > 0 && (
        <details className="tr-buckets">
          <summary>Open a battle of a bucket</summary>
          <ul aria-label="Battles by rounds and outcome">
            {model.refs.map((b) => (
              <li key={`${b.rounds}:${b.outcome}`}>
                <Button className="button-secondary" onPress={() => onOpen(b)}>
                  {`Open a battle of ${b.rounds} rounds, ${b.outcome === 'draw' ? 'draw' : `${name(b.outcome)} wins`} (${fmtCount(b.count)} battles)`}
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
});
