/**
 * Validation worker thread: runs the project validator (`validateFiles`) on whole workspaces so
 * the host's event loop stays free while a big or hostile workspace is checked. Bundled for the
 * built app by electron.vite.config.ts; under tsx loaded through `validate-worker-tsx.mjs`.
 */
import { parentPort } from 'node:worker_threads';
import { validateFiles } from '../../shared/validation';
import type { ValidateReply, ValidateRequest } from './validate-protocol';

/** Answers one request; never throws. */
export function handleValidate(msg: ValidateRequest): ValidateReply {
  try {
    return { id: msg.id, ok: true, diagnostics: validateFiles(msg.files).diagnostics };
  } catch (e) {
    return { id: msg.id, ok: false, message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
}

const port = parentPort;
if (port !== null) port.on('message', (msg: ValidateRequest) => port.postMessage(handleValidate(msg)));
