import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { useStoreState } from '../state/use-store';
import { problemCounts } from '../state/doc-groups';
import { totalsLabel } from './StatusBar';

/**
 * The Problems tab's count badge (issue 17, item 3): errors in the danger role, warnings in the
 * warning role, each with its own icon; "no problems" is a quiet check in the success role.
 * The counts are in the tab's accessible name too ("Problems, 2 errors, 1 warning").
 */
export function ProblemsBadge() {
  const { diagnostics } = useStoreState();
  const { errors, warnings } = problemCounts(diagnostics);
  return (
    <span className="problems-badge">
      <span className="visually-hidden">{`, ${totalsLabel(errors, warnings)}`}</span>
      {errors === 0 && warnings === 0 ? (
        <span className="badge badge-ok" aria-hidden="true">
          <CircleCheck size={12} />
        </span>
      ) : (
        <>
          {errors > 0 && (
            <span className="badge badge-error" aria-hidden="true" data-count={errors}>
              <CircleX size={12} />
              {errors}
            </span>
          )}
          {warnings > 0 && (
            <span className="badge badge-warning" aria-hidden="true" data-count={warnings}>
              <TriangleAlert size={12} />
              {warnings}
            </span>
          )}
        </>
      )}
    </span>
  );
}
