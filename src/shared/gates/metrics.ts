/**
 * What a balance gate can measure: a table of metric shapes (a path of calls) resolved against
 * the sides, objectives and members of one simulation. Every metric is a proportion of runs, so
 * it is judged with its Wilson 95 % interval. A new metric (e.g. rule coverage) is a new entry.
 */
import { err, ok } from '../result';
import type { Result } from '../result';
import { closest } from '../validation/did-you-mean';
import type { SimLayout } from '../engine/sim/stats';
import type { Call, ParsedAssertion } from './parse';
import { CHECK_NAMES } from './parse';
import { COVERAGE_KINDS } from '../engine/sim/coverage-layout';

/** Error code of an assertion that parses but names an unknown metric, side, objective or member. */
export const RESOLVE_ERROR = 'assert/unknown';

/** What a gate is resolved against: the `simulate --json` report, or a setup's layout before running. */
export interface GateSubject {
  sides: readonly { side: string; crew: string }[];
  objectives: readonly { id: string }[];
  members: readonly { side: string; crew: string; member: string }[];
  /** Coverage entries (`covered(ID)`); absent when not known yet (then any id is taken on trust). */
  coverage?: { entries: readonly { kind: string; id: string }[] };
}

/** The gate subject of a simulation before it runs (its report will have the same sides, objectives and members). */
export const subjectOfLayout = (layout: SimLayout): GateSubject => ({
  sides: layout.sides.map((s) => ({ side: s.id, crew: s.crew })),
  objectives: layout.objectives.map((id) => ({ id })),
  members: layout.members.map((m) => ({ side: layout.sides[m.side].id, crew: m.crew, member: m.member })),
  ...(layout.coverage === undefined ? {} : { coverage: { entries: layout.coverage } }),
});

/** The counters a metric reads from a finished report. */
export interface MeasuredReport extends GateSubject {
  runs: number;
  draws: number;
  sides: readonly { side: string; crew: string; wins: number }[];
  objectives: readonly { id: string; completedRate: Record<string, number> }[];
  members: readonly { side: string; crew: string; member: string; incapacitatedRate: number }[];
  coverage?: { entries: readonly { kind: string; id: string; battles: number }[]; neverFired: readonly { kind: string; id: string; reason: string }[] };
}

/** A metric resolved to what it counts: successes out of runs in a report. */
export interface ResolvedMetric {
  /** Canonical spelling, e.g. `winRate(a)`. */
  label: string;
  successes(report: MeasuredReport): number;
  /** Yes/no metrics: why it did not happen, for a failing verdict. */
  detail?(report: MeasuredReport): string | undefined;
}

interface MetricShape {
  /** How the README and error messages write it. */
  signature: string;
  /** Names of the path steps, e.g. ['objective', 'completed']. */
  names: string[];
  /** Argument count of each step (null: no parentheses). */
  arity: (number | null)[];
  resolve(args: string[][], subject: GateSubject): Result<ResolvedMetric>;
}

// A proportion stored as a rate in the report: k = rate × n is an integer, recovered exactly.
const countOf = (rate: number, runs: number): number => Math.round(rate * runs);

const sideIndex = (subject: GateSubject, ref: string, what: string): Result<number> => {
  const bySide = subject.sides.findIndex((s) => s.side === ref);
  if (bySide >= 0) return ok(bySide);
  const byCrew = subject.sides.flatMap((s, i) => (s.crew === ref ? [i] : []));
  if (byCrew.length === 1) return ok(byCrew[0]);
  const list = subject.sides.map((s) => `${s.side} (${s.crew})`).join(', ');
  if (byCrew.length > 1) return err(RESOLVE_ERROR, `${what}: crew '${ref}' plays both sides of this mirror match; name the side instead: ${list}`);
  return err(RESOLVE_ERROR, `${what}: no side or crew '${ref}' in this simulation; sides: ${list}`);
};

const METRICS: readonly MetricShape[] = [
  {
    signature: 'winRate(side)',
    names: ['winRate'],
    arity: [1],
    resolve: ([[ref]], subject) => {
      const i = sideIndex(subject, ref, 'winRate');
      if (!i.ok) return i;
      const side = subject.sides[i.value].side;
      return ok({ label: `winRate(${side})`, successes: (r) => r.sides.find((s) => s.side === side)?.wins ?? 0 });
    },
  },
  {
    signature: 'lossRate(side)',
    names: ['lossRate'],
    arity: [1],
    resolve: ([[ref]], subject) => {
      const i = sideIndex(subject, ref, 'lossRate');
      if (!i.ok) return i;
      const side = subject.sides[i.value].side;
      return ok({ label: `lossRate(${side})`, successes: (r) => r.sides.filter((s) => s.side !== side).reduce((t, s) => t + s.wins, 0) });
    },
  },
  {
    signature: 'draws',
    names: ['draws'],
    arity: [null],
    resolve: () => ok({ label: 'draws', successes: (r) => r.draws }),
  },
  {
    signature: 'objective(id).completed(side)',
    names: ['objective', 'completed'],
    arity: [1, 1],
    resolve: ([[id], [ref]], subject) => {
      if (!subject.objectives.some((o) => o.id === id)) {
        const ids = subject.objectives.map((o) => o.id);
        return err(RESOLVE_ERROR, `objective '${id}' is not in this scenario${ids.length ? `; objectives: ${ids.join(', ')}` : ' (it has no objectives)'}`);
      }
      const i = sideIndex(subject, ref, `objective(${id}).completed`);
      if (!i.ok) return i;
      const side = subject.sides[i.value].side;
      return ok({
        label: `objective(${id}).completed(${side})`,
        successes: (r) => countOf(r.objectives.find((o) => o.id === id)?.completedRate[side] ?? 0, r.runs),
      });
    },
  },
  {
    signature: 'incapacitated(member) or incapacitated(side, member)',
    names: ['incapacitated'],
    arity: [-1],
    resolve: ([args], subject) => {
      if (args.length < 1 || args.length > 2) return err(RESOLVE_ERROR, 'incapacitated takes a member id, or a side and a member id: incapacitated(warden-7), incapacitated(b, warden-7)');
      const member = args[args.length - 1];
      let candidates = subject.members.filter((m) => m.member === member);
      if (args.length === 2) {
        const i = sideIndex(subject, args[0], 'incapacitated');
        if (!i.ok) return i;
        candidates = candidates.filter((m) => m.side === subject.sides[i.value].side);
      }
      if (candidates.length === 0) {
        return err(RESOLVE_ERROR, `incapacitated: no member '${member}'${closestHint(member, subject.members.map((m) => m.member))} in the crews of this simulation`);
      }
      if (candidates.length > 1) return err(RESOLVE_ERROR, `incapacitated: member '${member}' is on both sides; write incapacitated(${candidates[0].side}, ${member})`);
      const { side } = candidates[0];
      return ok({
        label: `incapacitated(${side}, ${member})`,
        successes: (r) => countOf(r.members.find((m) => m.side === side && m.member === member)?.incapacitatedRate ?? 0, r.runs),
      });
    },
  },
  {
    signature: 'covered(id)',
    names: ['covered'],
    arity: [1],
    resolve: ([[ref]], subject) => resolveCovered(ref, subject),
  },
];

/** Resolves `covered(ID)` / `covered(kind:ID)` against the coverage entries of the subject. */
const resolveCovered = (ref: string, subject: GateSubject): Result<ResolvedMetric> => {
  const colon = ref.indexOf(':');
  const kind = colon > 0 && (COVERAGE_KINDS as readonly string[]).includes(ref.slice(0, colon)) ? ref.slice(0, colon) : null;
  const id = kind === null ? ref : ref.slice(colon + 1);
  const kinds = COVERAGE_KINDS.join(', ');
  const entries = subject.coverage?.entries;
  let match: { kind: string; id: string } = { kind: kind ?? '', id };
  if (entries !== undefined) {
    const found = entries.filter((e) => e.id === id && (kind === null || e.kind === kind));
    if (found.length === 0) {
      return err(
        RESOLVE_ERROR,
        `covered: no ${kind ?? 'rule, ability, item, special rule, Area rule, effect, objective or Area'} '${id}'${closestHint(id, entries.map((e) => e.id))} in this simulation; covered takes an id of one of the kinds ${kinds} (e.g. covered(R4.3), covered(spore-cloud), covered(spore-cloud#1)); write kind:id to pick a kind`,
      );
    }
    if (found.length > 1) return err(RESOLVE_ERROR, `covered: '${id}' is both ${found.map((e) => `${e.kind}:${id}`).join(' and ')}; write one of them`);
    match = found[0]!;
  }
  const same = (e: { kind: string; id: string }): boolean => e.id === match.id && (match.kind === '' || e.kind === match.kind);
  return ok({
    label: `covered(${match.kind === '' ? id : `${match.kind}:${id}`})`,
    successes: (r) => r.coverage?.entries.find(same)?.battles ?? 0,
    detail: (r) => (r.coverage === undefined ? 'this report has no coverage (written before coverage existed)' : r.coverage.neverFired.find(same)?.reason),
  });
};

const closestHint = (word: string, options: string[]): string => {
  const c = closest(word, [...new Set(options)]);
  return c ? ` (did you mean '${c}'?)` : '';
};

/** The metrics a gate may name, as the README writes them. */
export const METRIC_SIGNATURES: readonly string[] = METRICS.map((m) => m.signature);

const shapeOf = (path: Call[]): string => path.map((c) => c.name + (c.args === null ? '' : '(…)')).join('.');

/**
 * Resolves the metric of a parsed assertion against `subject`: the metric exists, has the right
 * arguments, and its sides, objectives and members exist. Errors list what would have worked.
 */
export function resolveMetric(assertion: ParsedAssertion, subject: GateSubject): Result<ResolvedMetric> {
  const names = assertion.path.map((c) => c.name);
  const shape = METRICS.find((m) => m.names.length === names.length && m.names.every((n, i) => n === names[i]));
  if (!shape) {
    const known = METRICS.map((m) => m.names.join('.'));
    const guess = closest(names.join('.'), known) ?? closest(names[0], METRICS.map((m) => m.names[0]));
    return err(RESOLVE_ERROR, `unknown metric '${shapeOf(assertion.path)}'${guess ? ` (did you mean '${METRICS.find((m) => m.names.join('.') === guess || m.names[0] === guess)!.signature}'?)` : ''}; metrics: ${METRIC_SIGNATURES.join(', ')}`);
  }
  const args: string[][] = [];
  for (let i = 0; i < shape.names.length; i++) {
    const call = assertion.path[i];
    const want = shape.arity[i];
    if (want === null && call.args !== null) return err(RESOLVE_ERROR, `'${call.name}' takes no arguments; write it as ${shape.signature}`);
    if (want !== null && want >= 0 && (call.args === null || call.args.length !== want)) {
      return err(RESOLVE_ERROR, `'${call.name}' needs ${want} argument${want === 1 ? '' : 's'}; write it as ${shape.signature}`);
    }
    if (want === -1 && call.args === null) return err(RESOLVE_ERROR, `'${call.name}' needs arguments; write it as ${shape.signature}`);
    args.push(call.args ?? []);
  }
  const check = CHECK_NAMES.has(shape.names[0]!);
  if (check && assertion.comparison.op !== 'holds') return err(RESOLVE_ERROR, `${shape.signature} is a yes/no check; write it alone, without a comparison, e.g. covered(spore-cloud)`);
  return shape.resolve(args, subject);
}
