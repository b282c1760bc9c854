/** The example workspace, validated, for test-run tests: documents, model and diagnostics. */
import { readFileSync } from 'node:fs';

import { validateFiles } from '../../../../src/shared/validation';
import { listExampleFiles } from './list-files';

/** Example documents (path → text), with optional replacements. */
export function exampleDocuments(overrides: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, abs } of listExampleFiles()) out[path] = readFileSync(abs, 'utf8');
  return { ...out, ...overrides };
}

/** Validates documents into the model and diagnostics the panel receives. */
export function exampleModel(overrides: Record<string, string> = {}) {
  const docs = exampleDocuments(overrides);
  return validateFiles(Object.entries(docs).map(([path, text]) => ({ path, text })));
}
