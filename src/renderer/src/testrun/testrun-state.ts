/**
 * Everything the Test run panel keeps for the life of the workspace session (issue 11, item 1):
 * the setup, the battle and its timeline (with branches kept at forks), the last simulation,
 * comparison and odds, each result with the {@link Basis} it was computed from. `kept` is what
 * survives a page reload; `live` (running jobs, progress, messages) lives only in memory.
 * Pure: types, defaults, and a forgiving reader of stored text.
 */
import type { SimulationProgress } from '../../../shared/api';
import type { Action, BattleSetup } from '../../../shared/engine';
import { asSimReport, DEFAULT_BALANCE_SETTINGS } from '../../../shared/engine/analysis';
import type { BalanceSettings, Comparison } from '../../../shared/engine/analysis';
import type { SimReport } from '../../../shared/engine/sim/report';
import type { DieName } from '../../../shared/model/types';
import type { Basis } from './basis';
import type { RunPlan } from './sim-request';
import { PLAYERS } from './setup-choice';
import type { SetupChoice } from './setup-choice';

/** The panes of the panel. */
export type Tab = 'play' | 'simulate' | 'compare' | 'odds';
export const TABS: readonly Tab[] = ['play', 'simulate', 'compare', 'odds'];

/** One line of play: a battle's setup, seed and decisions, the cursor on its log, and its basis. */
export interface Line {
  setup: BattleSetup;
  seed: number;
  decisions: Action[];
  /** Event index of the timeline cursor. */
  cursor: number;
  /** The setup choice the battle was started from (re-run builds it again from this). */
  choice: SetupChoice;
  basis: Basis;
  /** Where the line came from, e.g. "Battle 12 of the simulation (seed 7)". */
  origin: string | null;
}

/** A kept earlier line (at a fork, or before a re-run), with a name the user sees. */
export interface Branch {
  id: string;
  label: string;
  line: Line;
}

/** The battle in Play: the current line and the branches kept at forks. */
export interface PlayKept {
  line: Line;
  branches: Branch[];
}

/** The Simulate form as typed. */
export interface SimulateInputs {
  mode: 'runs' | 'interval';
  runs: string;
  half: string;
  maxRuns: string;
}

/** A finished (or cancelled) simulation and what it was computed from. */
export interface SimulateResult {
  report: SimReport;
  bots: [string, string];
  choice: SetupChoice;
  plan: RunPlan;
  basis: Basis;
  cancelled: boolean;
}

/** The Compare form as typed. */
export interface CompareInputs {
  what: 'rulesets' | 'crews';
  first: string;
  second: string;
  side: 0 | 1;
  runs: string;
}

/** A finished comparison and what it was computed from. */
export interface CompareResult {
  reports: [SimReport, SimReport];
  comparison: Comparison;
  labels: [string, string];
  choices: [SetupChoice, SetupChoice];
  runs: number;
  basis: Basis;
}

/** The Odds form as typed. */
export interface OddsInputs {
  a: DieName;
  b: DieName;
  lostA: string;
  lostB: string;
  ruleset: string;
}

/** What survives a reload. */
export interface Kept {
  tab: Tab;
  choice: SetupChoice | null;
  play: PlayKept | null;
  simulateInputs: SimulateInputs;
  simulate: SimulateResult | null;
  /** A simulation was running when the page went away: it can be run again. */
  simulateInterrupted: boolean;
  compareInputs: CompareInputs;
  compare: CompareResult | null;
  compareInterrupted: boolean;
  odds: OddsInputs;
  balance: BalanceSettings;
}

/** A running simulation or comparison: progress and the partial report of the runs so far. */
export interface JobLive {
  running: boolean;
  progress: SimulationProgress | null;
  partial: SimReport | null;
  /** Index of the request running now (comparisons run two). */
  step: number;
}

/** The offer made at a fork: the old line was kept as branch `branchId`; switch back or forget it. */
export interface ForkOffer {
  branchId: string;
  /** Event (1-based) the battle forked after. */
  event: number;
  /** Decisions of the old line after the fork. */
  dropped: number;
}

/** What lives only in memory. Messages are per pane and are replaced by the next action's. */
export interface Live {
  simulate: JobLive;
  compare: JobLive;
  playBusy: boolean;
  fork: ForkOffer | null;
  messages: Partial<Record<Tab | 'panel', string>>;
}

/** The whole state of the panel. */
export interface TestRunState {
  kept: Kept;
  live: Live;
}

export const idleJob = (): JobLive => ({ running: false, progress: null, partial: null, step: 0 });

/** A fresh panel. */
export function initialKept(): Kept {
  return {
    tab: 'play',
    choice: null,
    play: null,
    simulateInputs: { mode: 'runs', runs: '2000', half: '2', maxRuns: '100000' },
    simulate: null,
    simulateInterrupted: false,
    compareInputs: { what: 'rulesets', first: '', second: 'core', side: 0, runs: '1000' },
    compare: null,
    compareInterrupted: false,
    odds: { a: 'd8', b: 'd6', lostA: '0', lostB: '0', ruleset: '' },
    balance: { ...DEFAULT_BALANCE_SETTINGS },
  };
}

export const initialLive = (): Live => ({ simulate: idleJob(), compare: idleJob(), playBusy: false, fork: null, messages: {} });

/** Version of the stored text; a different one is ignored (a fresh panel). */
export const KEPT_VERSION = 1;

/** The text stored for a reload. Running jobs are stored as interrupted. */
export function keptText(state: TestRunState): string {
  const kept: Kept = {
    ...state.kept,
    simulateInterrupted: state.kept.simulateInterrupted || state.live.simulate.running,
    compareInterrupted: state.kept.compareInterrupted || state.live.compare.running,
  };
  return JSON.stringify({ version: KEPT_VERSION, kept });
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isStr = (x: unknown): x is string => typeof x === 'string';
const isSeed = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 0xffffffff;

const choiceOf = (x: unknown): SetupChoice | null => {
  if (!isObj(x) || !isStr(x.scenario) || !isStr(x.ruleset) || !isSeed(x.seed)) return null;
  const crews = x.crews;
  const players = x.players;
  if (!Array.isArray(crews) || crews.length !== 2 || !crews.every(isStr)) return null;
  if (!Array.isArray(players) || players.length !== 2 || !players.every((p) => (PLAYERS as readonly unknown[]).includes(p))) return null;
  return { scenario: x.scenario, ruleset: x.ruleset, seed: x.seed, crews: [crews[0], crews[1]], players: [players[0], players[1]] };
};

const basisOk = (x: unknown): x is Basis => isObj(x) && Object.values(x).every(isStr);

const lineOf = (x: unknown): Line | null => {
  if (!isObj(x) || !isObj(x.setup) || !isSeed(x.seed) || !Array.isArray(x.decisions) || typeof x.cursor !== 'number') return null;
  const choice = choiceOf(x.choice);
  if (choice === null || !basisOk(x.basis)) return null;
  if (!x.decisions.every((d) => isObj(d) && isStr(d.type))) return null;
  return {
    setup: x.setup as unknown as BattleSetup,
    seed: x.seed,
    decisions: x.decisions as Action[],
    cursor: x.cursor,
    choice,
    basis: x.basis,
    origin: isStr(x.origin) ? x.origin : null,
  };
};

const reportOf = (x: unknown): SimReport | null => {
  const r = asSimReport(x);
  return r.ok ? r.value : null;
};

/**
 * Reads stored text back; anything missing, malformed or of another version falls back to the
 * fresh value of that part (never throws). `problem` says what could not be restored.
 */
export function readKept(text: string | null): { kept: Kept; problem: string | null } {
  const fresh = initialKept();
  if (text === null) return { kept: fresh, problem: null };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { kept: fresh, problem: 'The kept Test run state was unreadable; the panel starts afresh.' };
  }
  if (!isObj(data) || data.version !== KEPT_VERSION || !isObj(data.kept))
    return { kept: fresh, problem: 'The kept Test run state is from another version; the panel starts afresh.' };
  const k = data.kept;
  const lost: string[] = [];
  const part = <T>(name: string, value: unknown, read: (v: unknown) => T | null, fallback: T): T => {
    if (value === null || value === undefined) return fallback;
    const r = read(value);
    if (r === null) lost.push(name);
    return r ?? fallback;
  };
  const play = part('the battle', k.play, (v) => {
    if (!isObj(v)) return null;
    const line = lineOf(v.line);
    if (line === null) return null;
    const branches = Array.isArray(v.branches)
      ? v.branches.flatMap((b) => {
          const l = isObj(b) ? lineOf(b.line) : null;
          return l && isObj(b) && isStr(b.id) && isStr(b.label) ? [{ id: b.id, label: b.label, line: l }] : [];
        })
      : [];
    return { line, branches };
  }, null);
  const simulate = part('the simulation results', k.simulate, (v) => {
    if (!isObj(v)) return null;
    const report = reportOf(v.report);
    const choice = choiceOf(v.choice);
    if (!report || !choice || !basisOk(v.basis) || !Array.isArray(v.bots) || !isObj(v.plan)) return null;
    return { report, choice, basis: v.basis, bots: v.bots as [string, string], plan: v.plan as unknown as RunPlan, cancelled: v.cancelled === true };
  }, null);
  const compare = part('the comparison results', k.compare, (v) => {
    if (!isObj(v) || !Array.isArray(v.reports) || !Array.isArray(v.choices) || !Array.isArray(v.labels)) return null;
    const reports = v.reports.map(reportOf);
    const choices = v.choices.map(choiceOf);
    if (reports.length !== 2 || choices.length !== 2 || reports.includes(null) || choices.includes(null) || !basisOk(v.basis) || !isObj(v.comparison)) return null;
    return {
      reports: reports as [SimReport, SimReport],
      choices: choices as [SetupChoice, SetupChoice],
      labels: [String(v.labels[0]), String(v.labels[1])] as [string, string],
      comparison: v.comparison as unknown as Comparison,
      runs: typeof v.runs === 'number' ? v.runs : reports[0]!.runs,
      basis: v.basis,
    };
  }, null);
  const obj = <T extends object>(value: unknown, fallback: T): T =>
    isObj(value) ? ({ ...fallback, ...Object.fromEntries(Object.entries(value).filter(([key, v]) => key in fallback && typeof v === typeof (fallback as Record<string, unknown>)[key])) } as T) : fallback;
  return {
    kept: {
      tab: (TABS as readonly unknown[]).includes(k.tab) ? (k.tab as Tab) : fresh.tab,
      choice: choiceOf(k.choice),
      play,
      simulateInputs: obj(k.simulateInputs, fresh.simulateInputs),
      simulate,
      simulateInterrupted: k.simulateInterrupted === true,
      compareInputs: obj(k.compareInputs, fresh.compareInputs),
      compare,
      compareInterrupted: k.compareInterrupted === true,
      odds: obj(k.odds, fresh.odds),
      balance: obj(k.balance, fresh.balance),
    },
    problem: lost.length > 0 ? `Could not restore ${lost.join(', ')} (the kept data was malformed).` : null,
  };
}
