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

/** A frozen copy of the example crew (blank lines between members, folded text, comments). */
export const SPACED_CREW = `# A crew: 4 to 6 members is a good size, with exactly one Captain (R7.1).
# A member's recruit cost is its die value plus the \`cost\` of its equipment (R1.1);
# the crew value (the sum) decides Initiative (R2.2) and is checked against a scenario's
# \`crewValueLimit\`. The Iron Choir is worth 12 + 9 + 6 + 6 + 9 = 42.
kind: crew
schemaVersion: 1
id: iron-choir
name: The Iron Choir
npc: false               # played by a person (true: by the engine, and morale applies)
text: >-
  Foundry machines that still sing the shift-change hymn of a city drowned three ages ago.
  They guard the reactor because nobody ever told them to stop.
members:
  - id: warden-7
    name: Warden-7
    type: machine
    die: d10
    health: 3
    captain: true        # the one Captain: fights on in Last Stand at 0 Health (R7.2)
    abilities: [steady-aim]
    equipment: [rust-cannon]          # 10 + 2 = 12
    text: Gate-warden of the foundry. Its orders are rusted into its chassis.
    history:             # the campaign writes here (R10.2); you may add notes by hand
      - {kind: victory, scenario: drowned-foundry, date: 2026-11-14, text: "Held the Foundry Floor and cut down Weeping Bloom; the Choir won 6 to 2"}

  - id: cantor-2
    name: Cantor-2
    type: machine
    die: d8
    health: 2
    equipment: [scrap-plate]          # 8 + 1 = 9
    text: A welding frame that hums the low part of the hymn.

  - id: cantor-5
    name: Cantor-5
    type: machine
    die: d6
    health: 2
    abilities: [overclock]            # 6
    text: Its governor was pulled for parts. Nobody has noticed yet.
    history:
      - {kind: note, scenario: drowned-foundry, date: 2026-11-14, text: "Torn down by the Saints in round 2; aftermath roll 6, recovers"}

  - id: tallyman
    name: The Tallyman
    type: construct
    die: d6
    health: 2
    abilities: [old-tongue]           # 6
    text: A counting-engine of the dead civilization, carried by the Choir like a saint.
    history:
      - {kind: note, scenario: drowned-foundry, date: 2026-11-14, text: "Drove the Ash Mother into her Last Stand"}

  - id: bellows
    name: Bellows
    type: machine
    die: d6
    health: 2
    equipment: [reactor-heart]        # 6 + 3 = 9
    history:
      - {kind: enemyDefeated, scenario: drowned-foundry, date: 2026-11-14, text: "Ended the Ash Mother's Last Stand in round 4"}
    # Inline special rules belong to this member only: a name, text and effects.
    rules:
      - name: Pressure Valve
        text: Vents scalding steam at anyone who closes in.
        effects:
          - {armor: 1, when: {role: defender, roundAtLeast: 3}}
`;

/** A frozen copy of the example scenario (block and flow areas, comments). */
export const BIG_SCENARIO = `# A scenario: 2 to 5 Areas, exactly two sides, and the objectives that make the fight
# worth having. This one uses \`links\`: when any Area lists links, a move must follow
# them (R8.2). Links are written both ways here so each Area says where it leads.
kind: scenario
schemaVersion: 1
id: drowned-foundry
name: The Drowned Foundry
text: >-
  The foundry flooded the day the city died, and the reactor beneath it never stopped
  ticking. Whoever wakes the core owns the heat of the Reach for a season.
rounds: 6
areas:
  - id: gate
    name: The Gate
    tags: [industrial, open]
    text: A rusted portcullis, half raised. The only dry ground.
    links: [foundry-floor]
  - id: foundry-floor
    name: Foundry Floor
    tags: [industrial, flooded]
    text: Knee-deep black water between cold furnaces.
    links: [gate, sluice, reactor-vault]
  - id: reactor-vault
    name: Reactor Vault
    tags: [ancient, industrial]
    text: The core, glyph-covered and warm to the touch. Reachable only through the floor.
    links: [foundry-floor]
  - id: sluice
    name: The Drowned Sluice
    tags: [flooded, tunnel]
    text: A spillway choked with pale growth, where the Saints came up out of the dark.
    links: [foundry-floor]
sides:                   # exactly two; \`crew\` is the default pairing for simulations
  - {id: a, name: The Choir, deploy: gate, crew: iron-choir}
  - id: b
    name: The Saints
    deploy: sluice
    crew: rot-saints
objectives:
  # interact: members spend actions on it. Two actions complete it; no progress while an
  # enemy is in the vault, and a side's progress is lost when its worker is hurt.
  - id: reactor-core
    name: Wake the Reactor Core
    area: reactor-vault
    kind: interact
    progress: 2
    whenContested: blocked
    resetOnDamage: true
    points: 3
  # control: at the end of every round, the side with more standing members here scores.
  - {id: hold-the-floor, name: Hold the Foundry Floor, area: foundry-floor, kind: control, points: 1}
  # reach: scores once, the first round a side has a standing member in the vault.
  - {id: breach-the-vault, name: Breach the Vault, area: reactor-vault, kind: reach, once: true, points: 1}
scoring: {perEnemyIncapacitated: 1}   # +1 point for every enemy taken down
crewValueLimit: 45                    # a crew worth more gets a \`crew-value\` warning
endWhen: {allObjectivesDone: false, points: 9}   # the first side to 9 points ends it
`;
