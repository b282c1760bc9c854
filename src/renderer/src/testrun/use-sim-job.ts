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
  // Progress events are coalesced to one state update per animation frame (long tasks, issue 5).
  const latest = useRef<SimulationProgress | null>(null);
  const frame = useRef<number | null>(null);
  const onProgress = useCallback((p: SimulationProgress) => {
    latest.current = p;
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setProgress(latest.current);
    });
  }, []);
  useEffect(
    () => () => {
      handle.current?.cancel();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );
  const run = useCallback(
    async (requests: SimulationRequest[]): Promise<SimOutcome[]> => {
      stopped.current = false;
      setRunning(true);
      const out: SimOutcome[] = [];
      try {
        for (let i = 0; i < requests.length; i++) {
          setStep(i);
          latest.current = null;
          setProgress(null);
          handle.current = runSimulationJob(api, requests[i]!, onProgress);
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
    [api, onProgress],
  );
  const cancel = useCallback(() => {
    stopped.current = true;
    handle.current?.cancel();
  }, []);
  return { running, progress, run, cancel, step };
}
