/// <reference lib="webworker" />
// Validation off the UI thread (issue 15): the same WorkspaceValidator as the CLI and the main
// process, fed with document edits; answers carry diagnostics and the workspace model.
import { WorkspaceValidator } from '../../../shared/validation';
import type { ValidationAnswer, ValidationRequest } from './protocol';
import { ValidationHost } from './validation-host';

const host = new ValidationHost(() => new WorkspaceValidator());
let scheduled = false;

const post = (answer: ValidationAnswer): void =>
  (self as unknown as { postMessage(m: ValidationAnswer): void }).postMessage(answer);

self.onmessage = (e: MessageEvent<ValidationRequest>): void => {
  host.receive(e.data);
  if (!e.data.validate || scheduled) return;
  // Answer after the messages already queued: a burst of requests costs one validation.
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    post(host.answer());
  }, 0);
};
