/**
 * The document-edit layer: YAML text ⇄ form edits, one node at a time (issue 6).
 * Pure TypeScript on the `yaml` Document API; no DOM, no Node.
 */
export { parseForEdit, locate, lineColOf, offsetOf, pathKey } from './parse';
export type { DocPath, PathSegment, ParseForEdit, ParseProblem, EditableDoc, Located } from './parse';
export { setIn, deleteIn, insertIn, moveIn } from './ops';
export { inFlowStyle } from './render';
export type { EditValue } from './render';
export { pathAtOffset, diagnosticsByPath, placeDiagnostics, matchesPattern } from './paths';
