/// <reference lib="webworker" />
// Chart rows, tables and balance warnings of a report, off the UI thread (issue 11, item 6).
import { chartWork } from './chart-work';
import type { ChartRequest } from './chart-protocol';

self.onmessage = (e: MessageEvent<ChartRequest>): void => {
  (self as unknown as { postMessage(m: unknown): void }).postMessage(chartWork(e.data));
};
