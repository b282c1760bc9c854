import type * as Monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import YamlWorker from './yaml.worker?worker';

/** The options monaco-yaml (through monaco-worker-manager) passes to `editor.createWebWorker`. */
interface ModuleWorkerOptions {
  moduleId?: string;
  label?: string;
  createData?: unknown;
  host?: unknown;
  keepIdleModels?: boolean;
  worker?: Worker | Promise<Worker>;
}

/** A bundled worker (no eval, CSP-safe): the YAML language worker for `yaml`, the base editor worker otherwise. */
export function workerFor(label: string): Worker {
  return label === 'yaml' ? new YamlWorker() : new EditorWorker();
}

/**
 * Installs the Monaco worker factory, and lets `editor.createWebWorker` take a module label
 * instead of a worker, as monaco-yaml calls it. The full `monaco-editor` entry adds the same
 * shim; the ESM `editor.api` we import (issue 15: YAML only, no other languages) does not.
 * Call once, before creating editors.
 */
export function installMonacoEnvironment(monaco: typeof Monaco): void {
  globalThis.MonacoEnvironment = {
    getWorker: (_moduleId: string, label: string): Worker => workerFor(label),
  };
  const internal = monaco.editor.createWebWorker as unknown as (o: ModuleWorkerOptions) => unknown;
  const byLabel = (options: ModuleWorkerOptions): unknown => {
    if (options.worker !== undefined) return internal(options);
    const worker = workerFor(options.label ?? 'monaco-editor-worker');
    // The worker's first message is ignored; the second carries its creation data.
    worker.postMessage('ignore');
    worker.postMessage(options.createData);
    return internal({ worker, host: options.host, keepIdleModels: options.keepIdleModels });
  };
  (monaco.editor as unknown as { createWebWorker: typeof byLabel }).createWebWorker = byLabel;
}
