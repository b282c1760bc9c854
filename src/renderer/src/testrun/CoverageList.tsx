import { CheckCircle2, CircleSlash } from 'lucide-react';
import { neverFiredLine } from '../../../shared/engine/sim/coverage-report';
import type { CoverageReport } from '../../../shared/engine/sim/coverage-report';

/** Props of {@link CoverageList}. */
export interface CoverageListProps {
  coverage: CoverageReport | undefined;
  runs: number;
}

/**
 * Rule coverage of a batch (issue 16 item 6): how many of the tracked rules, effects, objectives
 * and Areas fired, and each one that never did with the reason in words.
 */
export function CoverageList({ coverage, runs }: CoverageListProps) {
  if (coverage === undefined) return null;
  const tracked = coverage.entries.filter((e) => e.off === undefined).length;
  const never = coverage.neverFired;
  return (
    <section aria-label="Rule coverage" className="tr-coverage">
      <h3>Rule coverage</h3>
      {never.length === 0 ? (
        <p className="tr-no-warnings" role="status">
          <CheckCircle2 aria-hidden="true" size={14} /> {`All ${tracked} tracked rules, effects, objectives and Areas fired.`}
        </p>
      ) : (
        <>
          <p>{`${never.length} of ${tracked} tracked rules, effects, objectives and Areas never fired:`}</p>
          <ul aria-label="Never fired" className="tr-warnings">
            {never.map((n) => (
              <li key={`${n.kind}:${n.id}`} className="tr-never-fired">
                <CircleSlash aria-hidden="true" size={14} className="tr-warning-icon" /> {neverFiredLine(n, runs)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
