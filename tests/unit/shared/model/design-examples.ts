/** The example documents of DESIGN.md ("Workspace format"), verbatim as YAML. */
export const DESIGN_EXAMPLES: Record<string, string> = {
  workspace: `
kind: workspace
schemaVersion: 1
name: The Ashen Reach
ruleset: core
`,
  crew: `
kind: crew
schemaVersion: 1
id: iron-choir
name: The Iron Choir
npc: false
members:
  - id: warden-7
    name: Warden-7
    type: machine
    die: d10
    health: 3
    captain: true
    abilities: [steady-aim]
    equipment: [rust-cannon]
    rules: []
    history:
      - {kind: victory, scenario: drowned-foundry, date: 2026-11-02, text: Held the gate}
`,
  scenario: `
kind: scenario
schemaVersion: 1
id: drowned-foundry
name: The Drowned Foundry
rounds: 6
areas:
  - {id: foundry, name: Foundry Floor, tags: [industrial], text: ..., rules: []}
  - {id: gate, name: The Gate, links: [foundry]}
sides:
  - {id: a, name: Raiders, deploy: gate, crew: iron-choir}
  - {id: b, name: Holders, deploy: foundry, deployMembers: {warden-7: gate}}
objectives:
  - {id: core, name: Reactor Core, area: foundry, kind: interact, progress: 2, points: 3}
  - {id: hold-gate, name: Hold the Gate, area: gate, kind: control, points: 1}
scoring: {perEnemyIncapacitated: 1}
crewValueLimit: 40
endWhen: {allObjectivesDone: false, points: null}
ruleset: null
`,
  crewType: `
kind: crewType
schemaVersion: 1
id: bloom-host
name: Bloom Host
base: mycelian
dice: [d4, d6, d8]
health: {min: 1, max: 3}
abilities: [spore-burst]
equipmentTags: [biological]
maxPerCrew: 4
`,
  abilities: `
kind: abilities
schemaVersion: 1
abilities:
  - id: steady-aim
    name: Steady Aim
    text: Never rushes a shot.
    effects:
      - {rollModifier: 1, when: {role: attacker}}
`,
  equipment: `
kind: equipment
schemaVersion: 1
items:
  - {id: rust-cannon, name: Rust Cannon, cost: 2, tags: [ancient], ranged: true,
     effects: [{damage: 2, when: {role: attacker}}]}
`,
  ruleset: `
kind: ruleset
schemaVersion: 1
id: defender-ties
extends: core
clash: {tie: defender}
`,
  campaign: `
kind: campaign
schemaVersion: 1
id: ashen-reach
name: The Ashen Reach
crews: [iron-choir, rot-saints]
scenarios: [drowned-foundry, glass-temple]
battles:
  - {scenario: drowned-foundry, date: 2026-11-29, seed: 42,
     sides: {a: iron-choir, b: rot-saints}, winner: a, points: {a: 4, b: 1},
     aftermath: [{member: rot-saints/ash-mother, roll: 2, outcome: injury}]}
`,
};
