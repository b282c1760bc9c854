import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import type { Counts } from '../state/doc-groups';

/**
 * The Problems tab's count badge (issue 17, item 3): errors in the danger role, warnings in the
 * warning role, each with its own icon; "no problems" is a quiet check in the success role.
 * Hidden from assistive technology: the tab's accessible name says the counts in words
 * ("Problems, 2 errors, 1 warning").
 */
export function ProblemsBadge({ counts }: { counts: Counts }) {
  const { errors, warnings } = counts;
  return (
    <span className="problems-badge" aria-hidden="true">
      {errors === 0 && warnings === 0 ? (
        <span className="badge badge-ok">
          <CircleCheck size={12} />
        </span>
      ) : (
        <>
          {errors > 0 && (
            <span className="badge badge-error" data-count={errors}>
              <CircleX size={12} />
              {errors}
            </span>
          )}
          {warnings > 0 && (
            <span className="badge badge-warning" data-count={warnings}>
              <TriangleAlert size={12} />
              {warnings}
            </span>
          )}
        </>
      )}
    </span>
  );
}
