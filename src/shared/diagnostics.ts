/** One problem in a workspace file (DESIGN.md "Diagnostics"); positions are 1-based. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: 'error' | 'warning' | 'info';
  code: DiagnosticCode;
  message: string;
}

/** Stable diagnostic codes; scripts and tests rely on these strings. */
export type DiagnosticCode =
  | 'yaml-syntax'
  | 'yaml-hostile'
  | 'file-too-large'
  | 'schema'
  | 'schema-version'
  | 'unknown-kind'
  | 'unknown-ref'
  | 'ambiguous-ref'
  | 'duplicate-id'
  | 'captain-count'
  | 'type-constraint'
  | 'crew-value'
  | 'area-count'
  | 'area-dead-end'
  | 'objective-unreachable'
  | 'side-count'
  | 'workspace-missing'
  | 'extends-cycle'
  | 'file-unreadable'
  | 'captain-dead'
  | 'history-unknown-scenario'
  | 'campaign-aftermath-roll'
  | 'campaign-aftermath-outcome'
  | 'campaign-aftermath-unapplied'
  | 'campaign-dead-fielded'
  | 'campaign-crew-shared'
  | 'campaign-side-crew'
  | 'check-assertion'
  | 'knob-unused';
