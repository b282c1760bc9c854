/**
 * Print sheets: ONE function renders them for the CLI (`mortisphere print crew|scenario ID`) and
 * for the app's Sheet view, so a printed page is the same whichever way it was made.
 */
import type { WorkspaceModel } from '../model/workspace';
import { nameOf } from '../model/read';
import { err, ok } from '../result';
import type { Result } from '../result';
import { crewSheetBody } from './crew-sheet';
import { printDocument } from './html';
import { scenarioSheetBody } from './scenario-sheet';

/** What can be printed. */
export const PRINT_KINDS = ['crew', 'scenario'] as const;
/** A printable kind. */
export type PrintKind = (typeof PRINT_KINDS)[number];

/**
 * A rendered sheet: its title (for a file name or a window), the standalone HTML document, and
 * the sheet element alone (`body`, styled by SHEET_CSS) for hosts that embed it (the app).
 */
export interface PrintSheet {
  title: string;
  html: string;
  body: string;
}

const list = (ids: Iterable<string>): string => [...ids].sort().join(', ') || '(none)';

/**
 * The print sheet of a crew (roster) or a scenario, as a standalone HTML document. Renders
 * whatever the documents hold (a document with schema errors still prints what it can).
 * Fails with `print/unknown-id`, listing the ids that exist.
 */
export function renderPrintSheet(model: WorkspaceModel, kind: PrintKind, id: string): Result<PrintSheet> {
  if (kind === 'crew') {
    const crew = model.crews.get(id);
    if (!crew) return err('print/unknown-id', `crew '${id}' does not exist; crews: ${list(model.crews.keys())}`);
    const title = `${nameOf(crew, id)} — crew roster`;
    const body = crewSheetBody(model, id);
    return ok({ title, html: printDocument(title, body), body });
  }
  const scenario = model.scenarios.get(id);
  if (!scenario) return err('print/unknown-id', `scenario '${id}' does not exist; scenarios: ${list(model.scenarios.keys())}`);
  const title = `${nameOf(scenario, id)} — scenario sheet`;
  const body = scenarioSheetBody(model, id);
  return ok({ title, html: printDocument(title, body), body });
}

export { effectInWords, objectiveInWords, whenInWords } from './words';
export { PAGE_CSS, SHEET_CSS, esc } from './html';
