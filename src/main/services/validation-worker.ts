import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../../shared/diagnostics';
import type { ValidateFile, ValidateReply, ValidateRequest } from './validate-protocol';
import { workerEntry } from './worker-entry';

/** Validation off the host's event loop. */
export interface WorkerValidator {
  /** The validator's diagnostics for `files`, computed in a worker thread. */
  validate(files: ValidateFile[]): Promise<Diagnostic[]>;
  /** Stops the worker; later calls start a new one. */
  close(): Promise<void>;
}

/** Options of `createWorkerValidator` (test seams). */
export interface WorkerValidatorOptions {
  /** The worker script (default: `workerEntry('validate-worker')`). */
  entry?: () => Promise<string>;
  /** Used when the worker cannot start or dies mid-request: the same validator, in this thread. */
  inline: (files: ValidateFile[]) => Diagnostic[];
  /** Where a worker failure is reported (default: stderr). */
  log?: (line: string) => void;
}

interface Pending {
  files: ValidateFile[];
  resolve: (d: Diagnostic[]) => void;
  reject: (e: Error) => void;
}

/**
 * One long-lived worker thread running the project validator; requests are answered in order.
 * Guarantees: the same diagnostics as `inline` (it is the same code); a worker that cannot start or
 * dies (out of memory, killed) is logged and its requests are validated in this thread instead, so
 * a call never fails for the worker's sake; an exception of the validator itself rejects the call,
 * as it would inline.
 */
export function createWorkerValidator(options: WorkerValidatorOptions): WorkerValidator {
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  /** The worker being started or running; resolves to null when it cannot start (then: inline for good). */
  let worker: Promise<Worker | null> | null = null;
  let current: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const inline = (p: Pending): void => {
    try {
      p.resolve(options.inline(p.files));
    } catch (e) {
      p.reject(e instanceof Error ? e : new Error(String(e)));
    }
  };
  const failAll = (w: Worker, why: string): void => {
    if (current !== w) return;
    log(`mortisphere: the validation worker ${why}; validating in the main thread instead`);
    worker = null;
    current = null;
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) inline(p);
  };
  const start = async (): Promise<Worker | null> => {
    try {
      const w = new Worker(await (options.entry ?? (() => workerEntry('validate-worker')))());
      current = w;
      w.unref();
      w.on('message', (reply: ValidateReply) => {
        const p = pending.get(reply.id);
        if (!p) return;
        pending.delete(reply.id);
        if (pending.size === 0) w.unref();
        if (reply.ok) p.resolve(reply.diagnostics);
        else p.reject(new Error(`the validator failed: ${reply.message}`));
      });
      w.on('error', (e) => failAll(w, `failed (${e.message})`));
      w.on('exit', (code) => {
        if (pending.size > 0) failAll(w, `stopped (exit code ${code})`);
        else if (current === w) {
          worker = null;
          current = null;
        }
      });
      return w;
    } catch (e) {
      log(`mortisphere: could not start the validation worker (${(e as Error).message}); validating in the main thread`);
      return null;
    }
  };

  return {
    async validate(files) {
      worker ??= start();
      const w = await worker;
      return new Promise<Diagnostic[]>((resolve, reject) => {
        const p: Pending = { files, resolve, reject };
        if (w === null) {
          inline(p);
          return;
        }
        const id = nextId++;
        pending.set(id, p);
        w.ref();
        w.postMessage({ id, files } satisfies ValidateRequest);
      });
    },
    async close() {
      const w = await worker;
      worker = null;
      current = null;
      await w?.terminate();
      // Requests still waiting get their answer in this thread.
      const waiting = [...pending.values()];
      pending.clear();
      for (const p of waiting) inline(p);
    },
  };
}
