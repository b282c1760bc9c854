import { useCallback, useEffect, useRef, useState } from 'react';
import type { Api, SimulationProgress, SimulationRequest } from '../../../shared/api';
import { runSimulationJob } from './sim-job';
import type { SimHandle, SimOutcome } from './sim-job';

/** State of the panel's simulation jobs: progress of the running one, start, cancel. */
export interface SimJobState {
  running: boolean;
  progress: SimulationProgress | null;
  /** Runs the requests one after another; resolves with every outcome (stops at the first non-`done`). */
  run: (requests: SimulationRequest[]) => Promise<SimOutcome[]>;
  cancel: () => void;
  /** Index of the request running now. */
  step: number;
}

/** Runs simulation jobs through `api`; a running job is cancelled when the component goes away. */
export function useSimJob(api: Api): SimJobState {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<SimulationProgress | null>(null);
  const [step, setStep] = useState(0);
  const handle = useRef<SimHandle | null>(null);
  const stopped = useRef(false);
  useEffect(() => () => handle.current?.cancel(), []);
  const run = useCallback(
    async (requests: SimulationRequest[]): Promise<SimOutcome[]> => {
      stopped.current = false;
      setRunning(true);
      const out: SimOutcome[] = [];
      try {
        for (let i = 0; i < requests.length; i++) {
          setStep(i);
          setProgress(null);
          handle.current = runSimulationJob(api, requests[i]!, setProgress);
          if (stopped.current) handle.current.cancel();
          const o = await handle.current.done;
          out.push(o);
          if (o.kind !== 'done') break;
        }
      } finally {
        handle.current = null;
        setRunning(false);
      }
      return out;
    },
    [api],
  );
  const cancel = useCallback(() => {
    stopped.current = true;
    handle.current?.cancel();
  }, []);
  return { running, progress, run, cancel, step };
}
