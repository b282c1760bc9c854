/** Balance gates: the assertion grammar, its metrics and the verdict against the 95 % interval. */
export { PARSE_ERROR, formatComparison, parseAssertion } from './parse';
export type { Call, Comparison, ParsedAssertion } from './parse';
export { METRIC_SIGNATURES, RESOLVE_ERROR, resolveMetric, subjectOfLayout } from './metrics';
export type { GateSubject, MeasuredReport, ResolvedMetric } from './metrics';
export { allPassed, judgeGate, prepareGates, runsToSettle } from './judge';
export type { Gate, GateVerdict } from './judge';
