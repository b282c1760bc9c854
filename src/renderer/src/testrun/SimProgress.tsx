import { Button } from 'react-aria-components';
import type { SimulationProgress } from '../../../shared/api';
import { fmtCount } from './chart-data';
import { formatEta } from './sim-job';
import type { JobPane } from './jobs';
import type { TestRunStore } from './testrun-store';
import { useTestRun } from './testrun-store';

/** Props of {@link SimProgress}. */
export interface SimProgressProps {
  progress: SimulationProgress | null;
  /** Upper bound of the bar when the job has no fixed total (`maxRuns` of an interval run). */
  cap: number;
  label: string;
  onCancel: () => void;
}

/** A progress bar with runs done, rate and time left, and a Cancel button. */
export function SimProgress({ progress, cap, label, onCancel }: SimProgressProps) {
  const done = progress?.done ?? 0;
  const max = progress?.total ?? cap;
  return (
    <div className="tr-progress">
      <progress
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={done}
        max={max}
        value={done}
      />
      {/* fmtCount, not toLocaleString: this renders every frame, and Intl formatting is slow. */}
      <span role="status">{`${fmtCount(done)} runs${progress?.total ? ` of ${fmtCount(progress.total)}` : ''} · ${fmtCount(Math.round(progress?.runsPerSecond ?? 0))} runs/s · ${formatEta(progress?.etaMs ?? null)} left`}</span>{' '}
      <Button className="button-danger" onPress={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/**
 * The progress of a pane's running job, read from the store here so that a progress update
 * re-renders only this bar, not the pane around it (long tasks, issue 11 item 6).
 */
export function JobProgress({ store, pane, ...rest }: Omit<SimProgressProps, 'progress'> & { store: TestRunStore; pane: JobPane }) {
  const progress = useTestRun(store, (s) => s.live[pane].progress);
  return <SimProgress progress={progress} {...rest} />;
}
