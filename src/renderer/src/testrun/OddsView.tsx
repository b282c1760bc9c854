import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { resolveRuleset } from '../../../shared/engine';
import { oddsByAttackerLoss, oddsRows } from '../../../shared/engine/analysis';
import { DICE } from '../../../shared/model/types';
import type { DieName } from '../../../shared/model/types';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { emptyWorkspaceModel } from '../../../shared/model/workspace';
import { optionsOf } from './setup-choice';
import { RulesetOptions } from './RulesetOptions';

const lostOf = (text: string): number => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= 20 ? n : 0;
};

/** Odds: exact pair odds of two dice with lost Health under a ruleset, as a table and a chart. */
export function OddsView({ model }: { model: WorkspaceModel | null }) {
  const [a, setA] = useState<DieName>('d8');
  const [b, setB] = useState<DieName>('d6');
  const [lostA, setLostA] = useState('0');
  const [lostB, setLostB] = useState('0');
  const [ruleset, setRuleset] = useState('');
  const { rulesets } = optionsOf(model);
  const knobs = resolveRuleset(model ?? emptyWorkspaceModel(), ruleset || null);
  const die = (label: string, value: DieName, set: (d: DieName) => void) => (
    <label>
      {label}
      <select aria-label={label} value={value} onChange={(e) => set(e.target.value as DieName)}>
        {DICE.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </select>
    </label>
  );
  const rows = knobs.ok
    ? oddsRows({ die: a, lost: lostOf(lostA) }, { die: b, lost: lostOf(lostB) }, knobs.value)
    : [];
  const series = knobs.ok
    ? oddsByAttackerLoss(a, { die: b, lost: lostOf(lostB) }, knobs.value, 4).map((s) => ({
        lost: s.lost,
        attacker: +(s.attackerWins * 100).toFixed(2),
        defender: +(s.defenderWins * 100).toFixed(2),
        tie: +(s.tie * 100).toFixed(2),
      }))
    : [];
  return (
    <div className="tr-odds">
      <fieldset>
        <legend>Pair</legend>
        {die('Attacker die', a, setA)}
        <label>
          Attacker lost Health
          <input
            aria-label="Attacker lost Health"
            type="number"
            min={0}
            max={20}
            value={lostA}
            onChange={(e) => setLostA(e.target.value)}
          />
        </label>
        {die('Defender die', b, setB)}
        <label>
          Defender lost Health
          <input
            aria-label="Defender lost Health"
            type="number"
            min={0}
            max={20}
            value={lostB}
            onChange={(e) => setLostB(e.target.value)}
          />
        </label>
        <label>
          Ruleset
          <select aria-label="Odds ruleset" value={ruleset} onChange={(e) => setRuleset(e.target.value)}>
            <RulesetOptions model={model} rulesets={rulesets} />
          </select>
        </label>
      </fieldset>
      {!knobs.ok && <p role="alert">{knobs.error.message}</p>}
      {knobs.ok && (
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
          <figure className="tr-chart" aria-label="Pair odds by attacker lost Health">
            <figcaption>{`${a} attacking ${b} (defender lost ${lostOf(lostB)}), by attacker lost Health (%)`}</figcaption>
            <BarChart width={480} height={240} data={series}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="lost" />
              <YAxis unit="%" domain={[0, 100]} />
              <Tooltip />
              <Legend />
              <Bar
                dataKey="attacker"
                name="attacker wins"
                stackId="o"
                fill="#59a14f"
                isAnimationActive={false}
              />
              <Bar
                dataKey="defender"
                name="defender wins"
                stackId="o"
                fill="#e15759"
                isAnimationActive={false}
              />
              <Bar dataKey="tie" name="tie" stackId="o" fill="#9c9c9c" isAnimationActive={false} />
            </BarChart>
          </figure>
        </>
      )}
    </div>
  );
}
