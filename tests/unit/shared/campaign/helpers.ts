/** A small campaign workspace for campaign tests: two scenarios, three crews, one campaign. */
import type { FileEdit } from '../../../../src/shared/campaign';
import type { WorkspaceModel } from '../../../../src/shared/model/workspace';
import type { Diagnostic } from '../../../../src/shared/diagnostics';
import { validateFiles } from '../../../../src/shared/validation';

/** path → text. */
export type Files = Record<string, string>;

const crew = (id: string, name: string, members: string): string => `# ${name}: a test crew (this comment must survive every recording)
kind: crew
schemaVersion: 1
id: ${id}
name: ${name}
members:
${members}`;

/** The default workspace: scenarios pit and bridge, crews reds / blues / greens, campaign league. */
export function baseFiles(): Files {
  return {
    'mortisphere.yaml': 'kind: workspace\nschemaVersion: 1\nname: Test\nruleset: core\n',
    'scenarios/pit.yaml': `kind: scenario
schemaVersion: 1
id: pit
name: The Pit
rounds: 3
areas:
  - {id: pit, name: The Pit, links: [rim]}
  - {id: rim, name: The Rim, links: [pit]}
sides:
  - {id: a, name: Left, deploy: pit, crew: reds}
  - {id: b, name: Right, deploy: pit, crew: blues}
objectives: []
scoring: {perEnemyIncapacitated: 1}
`,
    'scenarios/bridge.yaml': `kind: scenario
schemaVersion: 1
id: bridge
name: The Bridge
rounds: 3
areas:
  - {id: near, name: Near Bank, links: [far]}
  - {id: far, name: Far Bank, links: [near]}
sides:
  - {id: a, name: Near, deploy: near}
  - {id: b, name: Far, deploy: far}
objectives: []
scoring: {perEnemyIncapacitated: 1}
`,
    'crews/reds.yaml': crew('reds', 'The Reds', `  - id: red-boss   # the boss
    name: Red Boss
    type: survivor
    die: d10
    health: 3
    captain: true

  - id: red-one
    name: Red One
    type: survivor
    die: d6
    health: 2

  - id: red-two
    name: Red Two
    type: survivor
    die: d6
    health: 1
`),
    'crews/blues.yaml': crew('blues', 'The Blues', `  - {id: blue-boss, name: Blue Boss, type: machine, die: d8, health: 3, captain: true}
  - {id: blue-one, name: Blue One, type: machine, die: d6, health: 2}
  - {id: blue-two, name: Blue Two, type: machine, die: d4, health: 2}
`),
    'crews/greens.yaml': crew('greens', 'The Greens', `  - id: green-boss
    name: Green Boss
    type: mutant
    die: d12
    health: 2
    captain: true
    history: []   # filled by the campaign
  - id: green-one
    name: Green One
    type: mutant
    die: d8
    health: 2
`),
    'campaigns/league.yaml': `# The league: every battle is appended below.
kind: campaign
schemaVersion: 1
id: league
name: The League
crews: [reds, blues, greens]
scenarios: [pit, bridge, pit, bridge]   # planned order
`,
  };
}

/** Validates files: the model, the diagnostics and a text reader. */
export function load(files: Files): { model: WorkspaceModel; diagnostics: Diagnostic[]; textOf: (p: string) => string | undefined } {
  const { model, diagnostics } = validateFiles(Object.entries(files).map(([path, text]) => ({ path, text })));
  return { model, diagnostics, textOf: (p) => files[p] };
}

/** The files with the edits applied (each edit's `before` must be the current text). */
export function applyEdits(files: Files, edits: readonly FileEdit[]): Files {
  const out = { ...files };
  for (const e of edits) {
    if (out[e.path] !== e.before) throw new Error(`${e.path} changed under the edit`);
    out[e.path] = e.after;
  }
  return out;
}

/** Only errors. */
export const errors = (d: Diagnostic[]): Diagnostic[] => d.filter((x) => x.severity === 'error');
