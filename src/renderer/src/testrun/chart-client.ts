/**
 * Chart models computed in a Web Worker (issue 11, item 6), with an inline fallback where workers
 * are unavailable; `useChartModel` gives a component the model of the latest report it asked for.
 */
import { useEffect, useState } from 'react';
import type { BalanceSettings, BalanceWarning } from '../../../shared/engine/analysis';
import type { SimReport } from '../../../shared/engine/sim/report';
import type { ChartModel } from './chart-data';
import type { ChartReply, ChartRequest } from './chart-protocol';
import { chartWork } from './chart-work';
import ChartWorker from './chart.worker?worker';

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, (r: ChartReply) => void>();

const startWorker = (): Worker | null => {
  if (worker !== undefined) return worker;
  try {
    worker = new ChartWorker();
    worker.onmessage = (e: MessageEvent<ChartReply>) => {
      pending.get(e.data.id)?.(e.data);
      pending.delete(e.data.id);
    };
    worker.onerror = () => {
      // Answer what is pending inline, and stop using the worker.
      const reqs = [...inflight.values()];
      worker = null;
      for (const r of reqs) pending.get(r.id)?.(chartWork(r));
      pending.clear();
      inflight.clear();
    };
  } catch {
    worker = null;
  }
  return worker;
};
const inflight = new Map<number, ChartRequest>();

/** The chart model and warnings of `report`, computed off the main thread when possible. */
export function computeCharts(req: Omit<ChartRequest, 'id'>): Promise<ChartReply> {
  const full: ChartRequest = { ...req, id: nextId++ };
  const w = startWorker();
  if (!w) return new Promise((resolve) => setTimeout(() => resolve(chartWork(full)), 0));
  return new Promise((resolve) => {
    inflight.set(full.id, full);
    pending.set(full.id, (r) => {
      inflight.delete(full.id);
      resolve(r);
    });
    w.postMessage(full);
  });
}

/** The latest computed model of `report` (null until the first one arrives); stale answers are dropped. */
export function useChartModel(
  report: SimReport | null,
  names: Record<string, string>,
  title: string,
  mirror: boolean,
  settings: BalanceSettings,
): { model: ChartModel; warnings: BalanceWarning[]; report: SimReport } | null {
  const [out, setOut] = useState<{ model: ChartModel; warnings: BalanceWarning[]; report: SimReport } | null>(null);
  useEffect(() => {
    if (report === null) {
      setOut(null);
      return;
    }
    let live = true;
    void computeCharts({ report, names, title, mirror, settings }).then((r) => {
      if (live) setOut({ model: r.model, warnings: r.warnings, report });
    });
    return () => {
      live = false;
    };
  }, [report, names, title, mirror, settings]);
  return out;
}
