/** Example documents for the doc-edit tests, written the way authors write them. */
export const CREW = `# The Iron Choir — a machine crew
kind: crew
schemaVersion: 1
id: iron-choir
name: "The Iron Choir"   # quoted on purpose
npc: false
members:
  - id: warden-7
    name: Warden-7
    type: machine        # built-in type
    die: d10
    health: 3
    captain: true
    abilities: [steady-aim]
    equipment: [rust-cannon]
    rules: []
    history:
      - {kind: victory, scenario: drowned-foundry, date: 2026-11-02, text: Held the gate}
  # the second member
  - id: cog
    name: Cog
    type: construct
    die: d6
    health: 2
    text: |
      Small and loud.
      Never sleeps.
`;

export const SCENARIO = `kind: scenario
schemaVersion: 1
id: drowned-foundry
name: The Drowned Foundry
rounds: 6
areas:
  - {id: foundry, name: Foundry Floor, tags: [industrial], text: Hot, rules: []}
  - {id: gate, name: The Gate, links: [foundry]}     # links optional (R8.2)
sides:
  - {id: a, name: Raiders, deploy: gate, crew: iron-choir}
  - {id: b, name: Holders, deploy: foundry}
objectives:
  - {id: core, name: Reactor Core, area: foundry, kind: interact, progress: 2, points: 3}
scoring: {perEnemyIncapacitated: 1}
crewValueLimit: 40
endWhen: {allObjectivesDone: false, points: null}
`;
