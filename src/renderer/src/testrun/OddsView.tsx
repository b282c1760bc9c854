import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { resolveRuleset } from '../../../shared/engine';
import { oddsByAttackerLoss, oddsRows } from '../../../shared/engine/analysis';
import { DICE } from '../../../shared/model/types';
import type { DieName } from '../../../shared/model/types';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { emptyWorkspaceModel } from '../../../shared/model/workspace';
import { useSystemTheme } from '../theme';
import { ChartFigure } from './ChartFigure';
import { chartPalette } from './chart-palette';
import { optionsOf } from './setup-choice';
import { Picker } from '../components/Picker';
import { TextInput, fromPickerId, rulesetItems, toPickerId } from './fields';
import type { OddsInputs } from './testrun-state';
import type { TestRunStore } from './testrun-store';
import { useTestRun } from './testrun-store';

/** Most lost Health the form accepts (no die survives more). */
export const MAX_LOST = 20;

/** Lost Health as typed: a whole number 0..MAX_LOST, or the message refusing it (as the CLI does). */
export function lostOf(text: string, who: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return `${who} lost Health '${text}' is not a whole number ≥ 0; e.g. 1.`;
  const n = Number(t);
  return n <= MAX_LOST ? n : `${who} lost Health ${n} is more than ${MAX_LOST}; no die survives that.`;
}

/** Odds: exact pair odds of two dice with lost Health under a ruleset, as a table and a chart. */
export function OddsView({ store, model }: { store: TestRunStore; model: WorkspaceModel | null }) {
  const { a, b, lostA, lostB, ruleset } = useTestRun(store, (s) => s.kept.odds);
  const palette = chartPalette(useSystemTheme());
  const set = (patch: Partial<OddsInputs>): void => store.setKept((k) => ({ ...k, odds: { ...k.odds, ...patch } }));
  const { rulesets } = optionsOf(model);
  const knobs = resolveRuleset(model ?? emptyWorkspaceModel(), ruleset || null);
  const la = lostOf(lostA, 'Attacker');
  const lb = lostOf(lostB, 'Defender');
  const problems = [la, lb].filter((x): x is string => typeof x === 'string');
  const die = (label: string, value: DieName, key: 'a' | 'b') => (
    <Picker label={label} items={DICE.map((d) => ({ id: d, label: d }))} value={value} onChange={(d) => set({ [key]: d as DieName })} />
  );
  const lost = (label: string, value: string, key: 'lostA' | 'lostB', bad: boolean) => (
    <TextInput
      label={label}
      type="number"
      min={0}
      max={MAX_LOST}
      step={1}
      value={value}
      isInvalid={bad}
      describedBy={bad ? 'tr-odds-problems' : undefined}
      onChange={(v) => set({ [key]: v })}
    />
  );
  const ok = knobs.ok && problems.length === 0;
  const rows = ok ? oddsRows({ die: a, lost: la as number }, { die: b, lost: lb as number }, knobs.value) : [];
  const knobText = knobs.ok ? JSON.stringify(knobs.value) : '';
  // The chart is drawn again only when its numbers (or the theme) change.
  const series = useMemo(
    () =>
      knobs.ok && typeof lb === 'number'
        ? oddsByAttackerLoss(a, { die: b, lost: lb }, knobs.value, 4).map((s) => ({
            lost: s.lost,
            attacker: +(s.attackerWins * 100).toFixed(2),
            defender: +(s.defenderWins * 100).toFixed(2),
            tie: +(s.tie * 100).toFixed(2),
          }))
        : [],
    // knobText stands for the knobs' values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [a, b, lb, knobText, palette],
  );
  const colors = { attacker: palette.sides[0], defender: palette.sides[1], tie: palette.draw };
  const names = { attacker: 'Attacker wins', defender: 'Defender wins', tie: 'Tie' };
  return (
    <div className="tr-odds">
      <fieldset>
        <legend>Pair</legend>
        {die('Attacker die', a, 'a')}
        {lost('Attacker lost Health', lostA, 'lostA', typeof la === 'string')}
        {die('Defender die', b, 'b')}
        {lost('Defender lost Health', lostB, 'lostB', typeof lb === 'string')}
        <Picker label="Odds ruleset" items={rulesetItems(model, rulesets)} value={toPickerId(ruleset)} onChange={(id) => set({ ruleset: fromPickerId(id) })} />
      </fieldset>
      {problems.length > 0 && (
        <div role="alert" id="tr-odds-problems">
          {problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      )}
      {!knobs.ok && <p role="alert">{knobs.error.message}</p>}
      {ok && (
        <>
          <table aria-label="Pair odds">
            <thead>
              <tr>
                <th scope="col">Outcome</th>
                <th scope="col">Exact</th>
                <th scope="col">Probability</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.outcome}>
                  <th scope="row">{r.label}</th>
                  <td>{r.fraction}</td>
                  <td>{`${(r.value * 100).toFixed(2)}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ChartFigure
            data={series}
            label="Pair odds by attacker lost Health"
            height={240}
            legend={(['attacker', 'defender', 'tie'] as const).map((k) => ({ name: names[k], color: colors[k] }))}
            table={{
              caption: 'Pair odds by attacker lost Health',
              columns: ['Attacker lost Health', names.attacker, names.defender, names.tie],
              rows: series.map((s) => [String(s.lost), `${s.attacker.toFixed(2)}%`, `${s.defender.toFixed(2)}%`, `${s.tie.toFixed(2)}%`]),
            }}
          >
            {(width, skeleton) => (
              <BarChart width={width} height={240} data={skeleton ? [] : series} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" stroke={palette.grid} />
                <XAxis dataKey="lost" stroke={palette.grid} tick={{ fill: palette.axis, fontSize: 12 }} />
                <YAxis unit="%" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} stroke={palette.grid} tick={{ fill: palette.axis, fontSize: 12 }} />
                <Tooltip
                  formatter={(v, series) => [`${Number(v).toFixed(2)}%`, String(series)]}
                  labelFormatter={(v) => `attacker lost Health ${String(v)}`}
                  contentStyle={{ background: palette.surface, border: `1px solid ${palette.grid}`, color: palette.axis }}
                  isAnimationActive={false}
                />
                {(['attacker', 'defender', 'tie'] as const).map((k) => (
                  <Bar key={k} dataKey={k} name={names[k]} stackId="o" fill={colors[k]} isAnimationActive={false} />
                ))}
              </BarChart>
            )}
          </ChartFigure>
          <p className="tr-note">{`${a} attacking ${b} (defender lost ${lb as number}), by attacker lost Health.`}</p>
        </>
      )}
    </div>
  );
}
