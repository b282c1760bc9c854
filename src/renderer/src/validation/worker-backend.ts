import type { ValidationBackend } from '../state/validation-client';
import { inlineBackend } from '../state/validation-client';
import type { ValidationAnswer, ValidationRequest } from './protocol';
import ValidationWorker from './validation.worker?worker';

/**
 * The page's own thread as a last resort: the validator is loaded on demand (it is not part of the
 * entry chunk); requests wait for it, in order.
 */
function deferredInlineBackend(): ValidationBackend {
  let listener: ((a: ValidationAnswer) => void) | null = null;
  let ready: ValidationBackend | null = null;
  const queue: ValidationRequest[] = [];
  void import('../../../shared/validation').then(({ WorkspaceValidator }) => {
    ready = inlineBackend(() => new WorkspaceValidator());
    if (listener) ready.onAnswer(listener);
    for (const r of queue.splice(0)) ready.post(r);
  });
  return {
    post: (r) => (ready ? ready.post(r) : void queue.push(r)),
    onAnswer(fn) {
      listener = fn;
      ready?.onAnswer(fn);
    },
    dispose() {
      listener = null;
      ready?.dispose();
    },
  };
}

/**
 * Validation in a Web Worker (the page's thread never parses the workspace). If the worker cannot
 * start or dies, validation falls back to the page's thread and the client resends every text
 * (`onLost`), so diagnostics stay right, only slower.
 */
export function workerBackend(): ValidationBackend {
  let worker: Worker | null = null;
  try {
    worker = new ValidationWorker({ name: 'mortisphere-validation' });
  } catch {
    worker = null;
  }
  if (!worker) return deferredInlineBackend();
  let listener: ((a: ValidationAnswer) => void) | null = null;
  let lost: (() => void) | null = null;
  let fallback: ValidationBackend | null = null;
  const w = worker;
  w.onmessage = (e: MessageEvent<ValidationAnswer>) => listener?.(e.data);
  w.onerror = (e) => {
    e.preventDefault();
    w.terminate();
    if (fallback) return;
    fallback = deferredInlineBackend();
    if (listener) fallback.onAnswer(listener);
    lost?.();
  };
  return {
    post(request: ValidationRequest) {
      if (fallback) fallback.post(request);
      else w.postMessage(request);
    },
    onAnswer(fn, onLost) {
      listener = fn;
      lost = onLost ?? null;
      fallback?.onAnswer(fn);
    },
    dispose() {
      listener = null;
      w.terminate();
      fallback?.dispose();
    },
  };
}
