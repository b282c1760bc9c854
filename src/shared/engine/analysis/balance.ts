/**
 * Balance warnings read from one simulation report (issues 5 and 11): a one-sided win rate, a
 * first-player edge, an objective that decides nothing, one member who decides the game, objectives
 * nobody completes, Areas nobody enters, battles that always run every round. Each warning names
 * its evidence (rates with 95% intervals and the battles counted) and a battle that shows it.
 * Pure: the same report, context and settings always give the same list, in that order.
 */
import type { SimReport } from '../sim/report';
import { wilsonInterval } from '../sim/wilson';
import { differenceInterval } from './compare';

/** Stable codes of the balance warnings. */
export type BalanceCode =
  | 'one-sided'
  | 'first-player-edge'
  | 'member-decides-game'
  | 'objective-decided-nothing'
  | 'objective-never-completed'
  | 'area-never-entered'
  | 'always-full-length';

/** One number behind a warning: a rate (or a difference of rates) with its 95% interval and count. */
export interface Evidence {
  label: string;
  /** A rate in [0, 1], or a difference of two rates in [−1, 1] when `difference` is set. */
  value: number;
  ci95: [number, number];
  /** Battles the rate is computed over. */
  battles: number;
  difference?: boolean;
}

/** A battle of the batch that shows the finding: its run index and battle seed, and why it was picked. */
export interface BalanceBattle {
  run: number;
  seed: number;
  why: string;
}

/** One finding: a stable code, the thing it is about, a message naming the fix, its evidence, a battle. */
export interface BalanceWarning {
  code: BalanceCode;
  /** Id of the side, objective, Area or member (`side:member`) concerned; the scenario id for `always-full-length`. */
  subject: string;
  message: string;
  evidence: Evidence[];
  battle: BalanceBattle | null;
}

/** The thresholds of the warnings (the panel lets the user change them). */
export interface BalanceSettings {
  /** `one-sided`: a side's 95% interval lies entirely above this win rate. */
  oneSidedAbove: number;
  /** `objective-decided-nothing`: the interval of the win-rate difference lies within ± this. */
  noEffectWithin: number;
  /** `member-decides-game`: the interval of the win-rate swing lies entirely beyond this. */
  memberSwingAbove: number;
  /** Fewest battles on each side of a comparison before it is judged at all. */
  minBattles: number;
}

/** Defaults: 65% (issue 11), ±5 points, 40 points (issue 11), 30 battles. */
export const DEFAULT_BALANCE_SETTINGS: BalanceSettings = {
  oneSidedAbove: 0.65,
  noEffectWithin: 0.05,
  memberSwingAbove: 0.4,
  minBattles: 30,
};

/** What the report alone does not tell: whether the match is a mirror, display names, thresholds. */
export interface BalanceContext {
  /** Both sides field the same crew under the same bot (see {@link isMirrorMatch}); only changes wording. */
  mirror?: boolean;
  /** Display names by id (sides, objectives, Areas) and `member:<side>:<member>`; ids are used when absent. */
  names?: Record<string, string>;
  settings?: Partial<BalanceSettings>;
}

/** True when both sides field the same crew and are played by the same bot. */
export const isMirrorMatch = (
  crews: readonly [string, string],
  policies: readonly [string, string],
): boolean => crews[0] === crews[1] && policies[0] === policies[1];

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const points = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;
const count = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const range = (ci: [number, number]): string => `95% interval ${pct(ci[0])}–${pct(ci[1])}`;
const diffRange = (ci: [number, number]): string => `95% interval ${points(ci[0])} to ${points(ci[1])} points`;

/** A rate with its Wilson interval, as evidence. */
const rateOf = (label: string, k: number, n: number): Evidence => ({
  label,
  value: n > 0 ? k / n : 0,
  ci95: wilsonInterval(k, n),
  battles: n,
});

/** k2/n2 − k1/n1 with Newcombe's interval, as evidence. */
const diffOf = (label: string, k1: number, n1: number, k2: number, n2: number): Evidence => ({
  label,
  value: k2 / n2 - k1 / n1,
  ci95: differenceInterval(k1, n1, k2, n2),
  battles: n1 + n2,
  difference: true,
});

/**
 * The balance warnings of `report`; empty for a report of zero runs. The checks that need
 * `report.analysis` (all but `one-sided` and `objective-never-completed`) are skipped without it.
 */
export function balanceWarnings(report: SimReport, context: BalanceContext = {}): BalanceWarning[] {
  if (report.runs <= 0) return [];
  const settings = { ...DEFAULT_BALANCE_SETTINGS, ...context.settings };
  const name = (id: string): string => context.names?.[id] ?? id;
  const example = (key: string, why: string): BalanceBattle | null => {
    const e = report.analysis?.examples?.[key];
    return e ? { run: e.run, seed: e.seed, why } : null;
  };
  const commonest = (outcome: string | null, why: string): BalanceBattle | null => {
    const buckets = (report.analysis?.buckets ?? []).filter((b) => outcome === null || b.outcome === outcome);
    const best = buckets.reduce<(typeof buckets)[number] | null>((m, b) => (m === null || b.count > m.count ? b : m), null);
    return best ? { run: best.exampleRun, seed: best.exampleSeed, why } : null;
  };
  const out: BalanceWarning[] = [
    ...oneSided(report, settings, name, context.mirror === true, commonest),
    ...firstPlayerEdge(report, settings, name, example),
    ...memberDecides(report, settings, name, example),
    ...objectiveDecidesNothing(report, settings, name, example),
  ];
  for (const o of report.objectives) {
    if (Object.values(o.completedRate).every((r) => r === 0)) {
      out.push({
        code: 'objective-never-completed',
        subject: o.id,
        message: `objective '${name(o.id)}' was never completed in ${count(report.runs)} battles; lower its progress, move it closer to a deployment, or give more rounds`,
        evidence: Object.keys(o.completedRate).map((side) =>
          rateOf(`${name(side)} completed '${name(o.id)}'`, 0, report.runs),
        ),
        battle: commonest(null, 'the commonest kind of battle of the batch'),
      });
    }
  }
  const entered = report.analysis?.areasEntered ?? [];
  for (const area of [...new Set(entered.map((e) => e.area))]) {
    const rows = entered.filter((e) => e.area === area);
    if (rows.every((e) => e.rate === 0)) {
      out.push({
        code: 'area-never-entered',
        subject: area,
        message: `Area '${name(area)}' was never entered in ${count(report.runs)} battles; put an objective there, link it to the others, or remove it`,
        evidence: rows.map((e) => rateOf(`${name(e.side)} entered '${name(area)}'`, 0, report.runs)),
        battle: commonest(null, 'the commonest kind of battle of the batch'),
      });
    }
  }
  if (report.analysis !== undefined && report.analysis.fullLengthRate >= 1) {
    const scenario = report.analysis.scenario;
    out.push({
      code: 'always-full-length',
      subject: scenario,
      message: `every one of ${count(report.runs)} battles of scenario '${name(scenario)}' ran all its rounds; no side can finish early — add an 'endWhen' points target or reduce 'rounds'`,
      evidence: [rateOf('battles that ran every round', report.runs, report.runs)],
      battle: commonest(null, 'the commonest kind of battle of the batch'),
    });
  }
  return out;
}

type Name = (id: string) => string;
type ExampleOf = (key: string, why: string) => BalanceBattle | null;

/** `one-sided`: a side whose 95% interval lies entirely above the limit, whatever the crews. */
function oneSided(
  report: SimReport,
  settings: BalanceSettings,
  name: Name,
  mirror: boolean,
  commonest: (outcome: string | null, why: string) => BalanceBattle | null,
): BalanceWarning[] {
  const values = report.analysis?.crewValues;
  return report.sides.flatMap((s) => {
    if (!(s.ci95[0] > settings.oneSidedAbove)) return [];
    const others = report.sides.filter((o) => o.side !== s.side);
    const other = others[0];
    const crews = values
      ? `; crew values ${report.sides.map((x) => `${values[x.side] ?? '?'} (${name(x.side)})`).join(' vs ')}`
      : '';
    const lead = other ? `, ${points(s.winRate - other.winRate)} points ahead of '${name(other.side)}' (${pct(other.winRate)})` : '';
    return [
      {
        code: 'one-sided' as const,
        subject: s.side,
        message: `side '${name(s.side)}' wins ${pct(s.winRate)} of ${count(report.runs)} battles (${range(s.ci95)}), ${points(s.ci95[0] - settings.oneSidedAbove)} points above the ${pct(settings.oneSidedAbove)} limit even at the low end${lead}${crews}${mirror ? '; both sides field the same crew, so deployment, Initiative or objectives favour it' : ''} — even out the crews, deployments or objectives`,
        evidence: report.sides.map((x) => rateOf(`${name(x.side)} wins`, x.wins, report.runs)),
        battle: commonest(s.side, `the commonest kind of battle '${name(s.side)}' won`),
      },
    ];
  });
}

/**
 * `first-player-edge`: the side with the round-1 Initiative wins more (or less) than half of the
 * decided battles. Judged within each first player (so a stronger side that often goes first does
 * not look like an edge): the mean of both sides' first-player shares, with a MOVER interval from
 * their Wilson intervals; skipped when a side never (or too rarely) went first.
 */
function firstPlayerEdge(report: SimReport, settings: BalanceSettings, name: Name, example: ExampleOf): BalanceWarning[] {
  const rows = report.analysis?.firstPlayer ?? [];
  if (rows.length !== 2) return [];
  const strata = rows.map((r) => {
    const decided = Object.values(r.wins).reduce((t, v) => t + v, 0);
    return { ...r, decided, won: r.wins[r.first] ?? 0 };
  });
  if (strata.some((s) => s.decided < settings.minBattles)) return [];
  const shares = strata.map((s) => rateOf(`${name(s.first)} won when it had the first Initiative (of decided battles)`, s.won, s.decided));
  const mean = (shares[0]!.value + shares[1]!.value) / 2;
  const lo = mean - Math.sqrt(shares.reduce((t, e) => t + (e.value - e.ci95[0]) ** 2, 0)) / 2;
  const hi = mean + Math.sqrt(shares.reduce((t, e) => t + (e.ci95[1] - e.value) ** 2, 0)) / 2;
  if (lo <= 0.5 && hi >= 0.5) return [];
  const edge: Evidence = {
    label: 'the first player wins (of decided battles, averaged over both sides)',
    value: mean,
    ci95: [Math.max(0, lo), Math.min(1, hi)],
    battles: strata[0]!.decided + strata[1]!.decided,
  };
  const better = lo > 0.5 ? 'first' : 'second';
  const top = lo > 0.5 ? (shares[0]!.value >= shares[1]!.value ? 0 : 1) : shares[0]!.value <= shares[1]!.value ? 0 : 1;
  const f = strata[top]!;
  const winner = lo > 0.5 ? f.first : strata[1 - top]!.first;
  return [
    {
      code: 'first-player-edge',
      subject: report.analysis!.scenario,
      message: `the ${better} player has the edge: the side with the round-1 Initiative wins ${pct(mean)} of decided battles (${range(edge.ci95)}), the other ${pct(1 - mean)}; ${strata.map((s, i) => `with '${name(s.first)}' first, it won ${pct(shares[i]!.value)} of ${count(s.decided)}`).join(', ')} — make acting first matter less (deployments, objectives that reward waiting) or change the Initiative knobs`,
      evidence: [edge, ...shares],
      battle: example(`first:${f.first}:${winner}`, `a battle with '${name(f.first)}' first that the ${better} player won`),
    },
  ];
}

/** `member-decides-game`: one member's incapacitation swings its side's win rate beyond the limit. */
function memberDecides(report: SimReport, settings: BalanceSettings, name: Name, example: ExampleOf): BalanceWarning[] {
  const n = report.runs;
  const wins = new Map(report.sides.map((s) => [s.side, s.wins]));
  return (report.analysis?.memberOutcomes ?? []).flatMap((m) => {
    const out = m.incapacitated;
    const stood = n - out;
    if (out < settings.minBattles || stood < settings.minBattles) return [];
    const w = wins.get(m.side) ?? 0;
    const swing = diffOf(`${name(m.side)} win rate when ${memberName(name, m)} stands minus when it is out`, m.incapacitatedWins, out, w - m.incapacitatedWins, stood);
    if (!(swing.ci95[0] > settings.memberSwingAbove || swing.ci95[1] < -settings.memberSwingAbove)) return [];
    const standing = rateOf(`${name(m.side)} wins when ${memberName(name, m)} stands`, w - m.incapacitatedWins, stood);
    const fallen = rateOf(`${name(m.side)} wins when ${memberName(name, m)} is out`, m.incapacitatedWins, out);
    const hurts = swing.value > 0;
    return [
      {
        code: 'member-decides-game' as const,
        subject: `${m.side}:${m.member}`,
        message: `member ${memberName(name, m)} of '${name(m.side)}' decides the game: its side wins ${pct(standing.value)} of the ${count(stood)} battles it comes through (${range(standing.ci95)}) and ${pct(fallen.value)} of the ${count(out)} it is taken out in (${range(fallen.ci95)}) — a swing of ${points(swing.value)} points (${diffRange(swing.ci95)}), beyond the ${(settings.memberSwingAbove * 100).toFixed(0)}-point limit; ${hurts ? 'make it harder to take out or the crew less dependent on it' : 'losing it should not help its side: check its effects'}`,
        evidence: [swing, standing, fallen],
        battle: example(`member:${m.side}:${m.member}:out:${hurts ? 'lost' : 'won'}`, `a battle in which ${memberName(name, m)} was taken out and its side ${hurts ? 'lost' : 'won'}`),
      },
    ];
  });
}

const memberName = (name: Name, m: { side: string; member: string }): string => {
  const key = `member:${m.side}:${m.member}`;
  const n = name(key);
  return n === key ? m.member : n;
};

/**
 * `objective-decided-nothing`: for every side with enough battles either way, completing the
 * objective leaves its win rate within ±`noEffectWithin` (the whole 95% interval of the difference).
 */
function objectiveDecidesNothing(report: SimReport, settings: BalanceSettings, name: Name, example: ExampleOf): BalanceWarning[] {
  const n = report.runs;
  const wins = new Map(report.sides.map((s) => [s.side, s.wins]));
  const rows = report.analysis?.objectiveOutcomes ?? [];
  return [...new Set(rows.map((r) => r.id))].flatMap((id) => {
    const judged = rows
      .filter((r) => r.id === id && r.completed >= settings.minBattles && n - r.completed >= settings.minBattles)
      .map((r) => {
        const w = wins.get(r.side) ?? 0;
        return { r, diff: diffOf(`${name(r.side)} win rate when it completes '${name(id)}' minus when it does not`, w - r.completedWins, n - r.completed, r.completedWins, r.completed) };
      });
    if (judged.length === 0 || !judged.every((j) => j.diff.ci95[0] >= -settings.noEffectWithin && j.diff.ci95[1] <= settings.noEffectWithin))
      return [];
    const first = judged[0]!;
    const w = wins.get(first.r.side) ?? 0;
    const done = rateOf(`${name(first.r.side)} wins when it completes '${name(id)}'`, first.r.completedWins, first.r.completed);
    const not = rateOf(`${name(first.r.side)} wins when it does not`, w - first.r.completedWins, n - first.r.completed);
    return [
      {
        code: 'objective-decided-nothing' as const,
        subject: id,
        message: `objective '${name(id)}' decided nothing: ${judged.map((j) => `'${name(j.r.side)}' won ${pct((j.r.completedWins / j.r.completed))} of the ${count(j.r.completed)} battles in which it completed it and ${pct((wins.get(j.r.side)! - j.r.completedWins) / (n - j.r.completed))} of the others (${points(j.diff.value)} points, ${diffRange(j.diff.ci95)})`).join('; ')} — give it more points, make it end the battle, or remove it`,
        evidence: [...judged.map((j) => j.diff), done, not],
        battle: example(`objective:${id}:${first.r.side}:lost`, `a battle in which '${name(first.r.side)}' completed '${name(id)}' and still did not win`),
      },
    ];
  });
}
