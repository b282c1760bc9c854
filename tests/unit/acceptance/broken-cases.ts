import type { Edit } from './acceptance-helpers';

/** A user's mistake in a fresh fixture and what `validate` must say (every diagnostic, exactly). */
export interface BrokenCase {
  name: string;
  fixture: 'flat-yml' | 'deep-nested' | 'yaml-features';
  edits: Edit[];
  /** `file:line:column severity code` plus a message substring, in CLI order. */
  expect: [string, string][];
}

const e = (file: string, find: string | null, replace: string): Edit => ({ file, find, replace });
const F = 'flat-yml' as const;
const D = 'deep-nested' as const;
const Y = 'yaml-features' as const;
const KIND = 'kind: crew\nschemaVersion: 1\nid: t\nname: T\nmembers:\n';

/** The corpus: typos, refs, duplicates, constraints, counts, cycles, versions and odd files. */
export const BROKEN_CASES: BrokenCase[] = [
  { name: 'typo of a member key', fixture: F, edits: [e('wardens.yml', 'health: 3', 'helth: 3')], expect: [
    ['wardens.yml:8:5 error schema', "member 'reeve-amsel': missing required property 'health'"],
    ['wardens.yml:12:5 error schema', "unknown property 'helth' — did you mean 'health'?"]] },
  { name: 'typo of a top-level key', fixture: F, edits: [e('sluice-gate.yml', 'rounds: 5', 'rouns: 5')], expect: [
    ['sluice-gate.yml:6:1 error schema', "unknown property 'rouns' — did you mean 'rounds'?"]] },
  { name: 'typo of an objective key', fixture: F, edits: [e('sluice-gate.yml', 'progress: 2', 'progres: 2')], expect: [
    ['sluice-gate.yml:15:65 error schema', "objective 'wheel': unknown property 'progres' — did you mean 'progress'?"]] },
  { name: 'typo of a ruleset knob', fixture: F, edits: [e('marsh-house.yml', 'cappedRoll: reroll', 'capedRoll: reroll')], expect: [
    ['marsh-house.yml:8:43 error schema', "'capedRoll' — did you mean 'cappedRoll'?"]] },
  { name: 'wrong die', fixture: F, edits: [e('wardens.yml', 'die: d10', 'die: d7')], expect: [
    ['wardens.yml:11:10 error schema', "member 'reeve-amsel': die d7 is not an Existence Die (d4, d6, d8, d10, d12, d20)"]] },
  { name: 'upper-case die', fixture: F, edits: [e('wardens.yml', 'die: d10', 'die: D10')], expect: [
    ['wardens.yml:11:10 error schema', 'die D10 is not an Existence Die']] },
  { name: 'missing captain', fixture: F, edits: [e('wardens.yml', 'captain: true', 'captain: false')], expect: [
    ['wardens.yml:7:1 error captain-count', "crew 'salt-wardens' has no Captain; set 'captain: true' on exactly one member"]] },
  { name: 'two captains', fixture: F, edits: [e('wardens.yml', 'captain: false', 'captain: true')], expect: [
    ['wardens.yml:25:81 error captain-count', "has 2 Captains ('reeve-amsel', 'wren')"]] },
  { name: 'unknown type', fixture: F, edits: [e('wardens.yml', 'type: survivor', 'type: survivr')], expect: [
    ['wardens.yml:10:11 error unknown-ref', "unknown crew type 'survivr' — did you mean 'survivor'?"]] },
  { name: 'unknown ability', fixture: F, edits: [e('wardens.yml', '[brine-sight]', '[brine-sigth]')], expect: [
    ['wardens.yml:14:17 error unknown-ref', "unknown ability 'brine-sigth' — did you mean 'brine-sight'?"]] },
  { name: 'unknown equipment', fixture: F, edits: [e('wardens.yml', '[cork-shield]', '[cork-shild]')], expect: [
    ['wardens.yml:15:17 error unknown-ref', "unknown equipment item 'cork-shild'"]] },
  { name: 'unknown crew of a side', fixture: F, edits: [e('sluice-gate.yml', 'crew: marsh-eels', 'crew: marsh-eel')], expect: [
    ['sluice-gate.yml:13:46 error unknown-ref', "side 'b': unknown crew 'marsh-eel'"]] },
  { name: 'deployment names an unknown Area', fixture: F, edits: [e('sluice-gate.yml', 'deploy: reeds, crew', 'deploy: reed, crew')], expect: [
    ['sluice-gate.yml:13:33 error unknown-ref', "side 'b' deploy: unknown Area 'reed' — did you mean 'reeds'?"]] },
  { name: 'member deployment names an unknown Area', fixture: F, edits: [e('sluice-gate.yml', '{pip: reeds}', '{pip: reed}')], expect: [
    ['sluice-gate.yml:12:85 error unknown-ref', "deployMembers 'pip': unknown Area 'reed'"]] },
  { name: 'member deployment names an unknown member', fixture: F, edits: [e('sluice-gate.yml', '{pip: reeds}', '{pipp: reeds}')], expect: [
    ['sluice-gate.yml:12:80 error unknown-ref', "crew 'salt-wardens' has no member 'pipp' — did you mean 'pip'?"]] },
  { name: 'link names an unknown Area', fixture: F, edits: [e('sluice-gate.yml', 'links: [causeway]}', 'links: [causway]}')], expect: [
    ['sluice-gate.yml:10:55 error unknown-ref', "area 'reeds' link: unknown Area 'causway'"]] },
  { name: 'objective in an unknown Area', fixture: F, edits: [e('sluice-gate.yml', 'area: causeway, kind: reach', 'area: causway, kind: reach')], expect: [
    ['sluice-gate.yml:16:41 error unknown-ref', "objective 'cross': unknown Area 'causway'"]] },
  { name: 'objective names an unknown member', fixture: F, edits: [e('sluice-gate.yml', 'member: mother-eel', 'member: mother-el')], expect: [
    ['sluice-gate.yml:18:77 error unknown-ref', "objective 'slay': no member 'mother-el'"]] },
  { name: 'objective names an unknown side', fixture: F, edits: [e('sluice-gate.yml', 'side: b}', 'side: c}')], expect: [
    ['sluice-gate.yml:16:93 error unknown-ref', "objective 'cross': unknown side 'c'"]] },
  { name: 'scenario ruleset unknown', fixture: F, edits: [e('sluice-gate.yml', 'ruleset: null', 'ruleset: marsh')], expect: [
    ['sluice-gate.yml:25:10 error unknown-ref', "unknown ruleset 'marsh'"]] },
  { name: 'campaign scenario unknown', fixture: F, edits: [e('tide-war.yml', 'scenarios: [sluice-gate]', 'scenarios: [sluice]')], expect: [
    ['tide-war.yml:7:13 error unknown-ref', "campaign 'tide-war': unknown scenario 'sluice'"]] },
  { name: 'campaign crew unknown', fixture: F, edits: [e('tide-war.yml', 'crews: [salt-wardens', 'crews: [salt-warden')], expect: [
    ['tide-war.yml:6:9 error unknown-ref', "unknown crew 'salt-warden' — did you mean 'salt-wardens'?"]] },
  { name: 'campaign aftermath member unknown', fixture: F, edits: [e('tide-war.yml', 'marsh-eels/elver-2', 'marsh-eels/elver-9')], expect: [
    ['tide-war.yml:16:26 error unknown-ref', "crew 'marsh-eels' has no member 'elver-9'"]] },
  { name: 'campaign battle ruleset unknown', fixture: F, edits: [e('tide-war.yml', 'ruleset: marsh-house', 'ruleset: marsh')], expect: [
    ['tide-war.yml:15:14 error unknown-ref', "battle #1: unknown ruleset 'marsh'"]] },
  { name: 'campaign winner not a side', fixture: F, edits: [e('tide-war.yml', 'winner: a', 'winner: c')], expect: [
    ['tide-war.yml:13:13 error unknown-ref', "winner 'c' is not one of its sides (a, b)"]] },
  { name: 'extends unknown', fixture: F, edits: [e('marsh-house.yml', 'extends: core', 'extends: cor')], expect: [
    ['marsh-house.yml:6:10 error unknown-ref', "unknown ruleset 'cor' — did you mean 'core'?"]] },
  { name: 'workspace ruleset unknown', fixture: F, edits: [e('mortisphere.yaml', 'ruleset: marsh-house', 'ruleset: marsh-hous')], expect: [
    ['mortisphere.yaml:4:10 error unknown-ref', "workspace: unknown ruleset 'marsh-hous'"]] },
  { name: 'crewType ability unknown', fixture: F, edits: [e('mudlark.yml', '[gill-breath]', '[gill]')], expect: [
    ['mudlark.yml:8:13 error unknown-ref', "crew type 'mudlark': unknown ability 'gill'"]] },
  { name: 'duplicate crew id across files', fixture: F, edits: [e('zz-crew.yml', null, `${KIND.replace('id: t', 'id: salt-wardens')}  - {id: x, name: X, type: survivor, die: d6, health: 1, captain: true}\n`)], expect: [
    ['zz-crew.yml:3:5 error duplicate-id', "crew 'salt-wardens' is already defined in wardens.yml"]] },
  { name: 'duplicate member id', fixture: F, edits: [e('wardens.yml', 'id: wren', 'id: pip')], expect: [
    ['wardens.yml:25:10 error duplicate-id', "member 'pip' appears twice in crew 'salt-wardens'"]] },
  { name: 'duplicate objective id', fixture: F, edits: [e('sluice-gate.yml', 'id: cull', 'id: slay')], expect: [
    ['sluice-gate.yml:19:10 error duplicate-id', "objective 'slay' is defined twice"]] },
  { name: 'duplicate ability id across files', fixture: F, edits: [e('zz-abilities.yml', null, 'kind: abilities\nschemaVersion: 1\nabilities:\n  - {id: tide-surge, name: T, effects: []}\n')], expect: [
    ['zz-abilities.yml:4:10 error duplicate-id', "ability 'tide-surge' is already defined in abilities.yml"]] },
  { name: 'duplicate crewType id', fixture: F, edits: [e('zz-type.yml', null, 'kind: crewType\nschemaVersion: 1\nid: mudlark\nname: M\nbase: survivor\ndice: [d4, d6, d8]\nhealth: {min: 1, max: 3}\n')], expect: [
    ['zz-type.yml:3:5 error duplicate-id', "crew type 'mudlark' is already defined in mudlark.yml"]] },
  { name: 'type constraint: die', fixture: F, edits: [e('wardens.yml', 'type: mudlark, die: d6', 'type: mudlark, die: d10')], expect: [
    ['wardens.yml:24:46 error type-constraint', "die d10 is not allowed for type 'mudlark' (allowed: d4, d6, d8)"]] },
  { name: 'type constraint: health', fixture: F, edits: [e('wardens.yml', 'die: d6, health: 2', 'die: d6, health: 4')], expect: [
    ['wardens.yml:24:58 error type-constraint', "health 4 is outside type 'mudlark' range 1..3"]] },
  { name: 'type constraint: equipment tags', fixture: F, edits: [e('wardens.yml', '[eel-spear, brine-flask]', '[eel-spear, cork-shield]')], expect: [
    ['wardens.yml:24:84 error type-constraint', "'cork-shield' is tagged ancient"]] },
  { name: 'type constraint: maxPerCrew', fixture: F, edits: [e('wardens.yml', 'captain: false}', 'captain: false}\n  - {id: a1, name: A, type: mudlark, die: d4, health: 1}\n  - {id: a2, name: A, type: mudlark, die: d4, health: 1}')], expect: [
    ['wardens.yml:27:29 error type-constraint', "more than 3 members of type 'mudlark'"]] },
  { name: 'crew value over the limit', fixture: D, edits: [e('content/scénarios/glass-dunes.yml', 'crewValueLimit: 33', 'crewValueLimit: 32')], expect: [
    ['content/campaign.yaml:5:9 warning crew-value', "crew 'kiln-guard' is worth 33"],
    ['content/scénarios/glass-dunes.yml:14:47 warning crew-value', "crew 'kiln-guard' is worth 33, above this scenario's crewValueLimit 32"]] },
  { name: 'no Areas', fixture: D, edits: [e('content/scénarios/kiln-yard.yaml', 'areas:\r\n  - {id: yard, name: Yard}\r\n  - {id: kiln, name: Kiln}\r\n', 'areas: []\r\n')], expect: [
    ['content/scénarios/kiln-yard.yaml:5:8 error area-count', 'has no Areas; add at least one']] },
  { name: 'one Area', fixture: D, edits: [e('content/scénarios/kiln-yard.yaml', '  - {id: yard, name: Yard}\r\n', ''), e('content/scénarios/kiln-yard.yaml', 'deploy: yard', 'deploy: kiln')], expect: [
    ['content/scénarios/kiln-yard.yaml:5:1 warning area-count', "has 1 Area; battles play best with 2 to 5, so add another Area"]] },
  { name: 'six Areas', fixture: D, edits: [e('content/scénarios/glass-dunes.yml', '  - {id: spire, name: Spire}\n', '  - {id: spire, name: Spire}\n  - {id: moat, name: Moat}\n')], expect: [
    ['content/scénarios/glass-dunes.yml:6:1 warning area-count', 'has 6 Areas; battles play best with 2 to 5, so merge or remove some Areas']] },
  { name: 'one side', fixture: D, edits: [e('content/scénarios/kiln-yard.yaml', '  - {id: b, name: Rats, deploy: yard}\r\n', '')], expect: [
    ['content/scénarios/kiln-yard.yaml:9:3 error side-count', 'needs exactly two sides; it has 1']] },
  { name: 'three sides', fixture: D, edits: [e('content/scénarios/kiln-yard.yaml', '  - {id: b, name: Rats, deploy: yard}\r\n', '  - {id: b, name: Rats, deploy: yard}\r\n  - {id: c, name: Third, deploy: yard}\r\n')], expect: [
    ['content/scénarios/kiln-yard.yaml:9:3 error side-count', 'needs exactly two sides; it has 3']] },
  { name: 'extends cycle of three', fixture: D, edits: [e('content/rules/base-house.yaml', 'extends: core', 'extends: strict-siege')], expect: [
    ['content/rules/base-house.yaml:4:10 error extends-cycle', "'extends' loops back (base-house → strict-siege → mid-house → base-house); make one of them extend 'core'"],
    ['content/rules/variants/mid-house.yaml:4:10 error extends-cycle', "(mid-house → base-house → strict-siege → mid-house)"],
    ['content/rules/variants/strict/strict-siege.yaml:5:10 error extends-cycle', "(strict-siege → mid-house → base-house → strict-siege)"]] },
  { name: 'newer schemaVersion', fixture: D, edits: [e('lib/a/b/c/glassborn.yaml', 'schemaVersion: 1', 'schemaVersion: 9')], expect: [
    ['lib/a/b/c/glassborn.yaml:2:16 error schema-version', 'schemaVersion 9 is newer than this version of Mortisphere Studio understands (1); update the app']] },
  { name: 'tab indentation', fixture: D, edits: [e('content/crews/north/dune-rats.yaml', '  - {id: rat-b', '\t- {id: rat-b')], expect: [
    ['content/crews/north/dune-rats.yaml:8:1 error yaml-syntax', 'Tabs are not allowed as indentation; indent with spaces']] },
  { name: 'BOM file: line 1 columns do not count the BOM', fixture: D, edits: [e('content/scénarios/glass-dunes.yml', 'kind: scenario', 'kinds: scenario\nkind: scenario')], expect: [
    ['content/scénarios/glass-dunes.yml:1:1 error schema', "unknown property 'kinds'"]] },
  { name: 'CRLF file: columns as an editor shows them', fixture: D, edits: [e('content/scénarios/kiln-yard.yaml', 'kind: interact', 'kind: interac')], expect: [
    ['content/scénarios/kiln-yard.yaml:12:48 error schema', "objective 'stoke': kind 'interac' is not one of"]] },
  { name: 'empty file', fixture: D, edits: [e('content/empty.yaml', null, '')], expect: [
    ['content/empty.yaml:1:1 error unknown-kind', 'has no content']] },
  { name: 'a file that is just a comment', fixture: D, edits: [e('content/note.yaml', null, '# todo: write the next scenario\n')], expect: [
    ['content/note.yaml:1:1 error unknown-kind', 'has no content (only comments or blank lines)']] },
  { name: 'a list at top level', fixture: D, edits: [e('content/list.yaml', null, '- kind: crew\n- id: x\n')], expect: [
    ['content/list.yaml:1:1 error unknown-kind', 'is a list; a document must be a mapping']] },
  { name: 'a scalar document', fixture: D, edits: [e('content/scalar.yml', null, 'just some words\n')], expect: [
    ['content/scalar.yml:1:1 error unknown-kind', 'is a single value']] },
  { name: 'unicode names are fine, a unicode id is not', fixture: D, edits: [e('content/crews/north/dune-rats.yaml', 'id: rat-b', 'id: rät-b')], expect: [
    ['content/crews/north/dune-rats.yaml:8:10 error schema', "id 'rät-b' must be lowercase kebab-case (letters, digits, single hyphens), e.g. 'rat-b'"]] },
  { name: 'a line break inside a bad value stays on one text line', fixture: D, edits: [e('content/crews/north/dune-rats.yaml', 'die: d6, health: 1}\n  - {id: rat-b', 'die: "d6\\nd8", health: 1}\n  - {id: rat-b')], expect: [
    ['content/crews/north/dune-rats.yaml:7:47 error schema', "member 'rat-a': die d6\\nd8 is not an Existence Die"]] },
  { name: 'objective side refs are not reported when the sides are missing', fixture: F, edits: [e('sluice-gate.yml', 'sides:\n', 'sides: []\nxsides:\n')], expect: [
    ['sluice-gate.yml:11:8 error side-count', 'needs exactly two sides; it has 0'],
    ['sluice-gate.yml:12:1 error schema', "unknown property 'xsides'"]] },
  { name: 'effect: a die value that is not an Existence Die points at the value', fixture: F, edits: [e('abilities.yml', 'keepHighest: d6', 'keepHighest: d7')], expect: [
    ['abilities.yml:15:23 error schema', "ability 'brine-sight' effect #5: keepHighest d7 is not an Existence Die (d4, d6, d8, d10, d12, d20)"]] },
  { name: 'effect: a number where an effect mapping belongs is said once', fixture: F, edits: [e('abilities.yml', '- blast: true', '- 5')], expect: [
    ['abilities.yml:20:9 error schema', "ability 'tide-surge' effect #1: effects[1] must be a mapping, not 5"]] },
  { name: 'effect: typo of when', fixture: F, edits: [e('abilities.yml', '- initiative: -1', '- initiative: -1\n        whn: {}')], expect: [
    ['abilities.yml:27:9 error schema', "unknown effect 'whn' — did you mean 'when'?"]] },
  { name: 'effect: typo of an effect', fixture: F, edits: [e('abilities.yml', 'rollModifier: 1', 'rollModifer: 1')], expect: [
    ['abilities.yml:11:10 error schema', "ability 'brine-sight' effect #1: unknown effect 'rollModifer' — did you mean 'rollModifier'?"]] },
  { name: 'effect: two effects in one item', fixture: F, edits: [e('abilities.yml', '- extraActions: 1', '- extraActions: 1\n        damage: 2')], expect: [
    ['abilities.yml:22:9 error schema', 'one effect per list item, found extraActions and damage']] },
  { name: 'effect: bad value and bad when key together', fixture: F, edits: [e('abilities.yml', 'rollModifier: 1, when: {role: attacker', 'rollModifier: x, when: {rol: attacker')], expect: [
    ['abilities.yml:11:24 error schema', 'rollModifier must be a whole number'],
    ['abilities.yml:11:34 error schema', "unknown property 'rol' — did you mean 'role'?"]] },
  { name: 'when: unknown opponentType', fixture: F, edits: [e('abilities.yml', 'opponentType: creature', 'opponentType: creture')], expect: [
    ['abilities.yml:12:42 error unknown-ref', "unknown crew type 'creture' — did you mean 'creature'?"]] },
  { name: 'ruleset knob value typo', fixture: F, edits: [e('marsh-house.yml', 'tie: reroll', 'tie: rerol')], expect: [
    ['marsh-house.yml:9:55 error schema', "clash.tie 'rerol' is not one of: standoff, attacker, defender, bothDamaged, reroll — did you mean 'reroll'?"]] },
  { name: 'campaign date not a date', fixture: F, edits: [e('tide-war.yml', 'date: 2026-10-01', 'date: 2026-13-01')], expect: [
    ['tide-war.yml:10:11 error schema', "date '2026-13-01' is not a valid date (write YYYY-MM-DD)"]] },
  { name: 'campaign points given to an unknown side', fixture: F, edits: [e('tide-war.yml', 'points: {a: 5, b: 2}', 'points: {a: 5, c: 2}')], expect: [
    ['tide-war.yml:14:20 error unknown-ref', "battle #1: points are given to side 'c', which is not one of its sides (a, b)"]] },
  { name: 'campaign winner named like an Object property', fixture: F, edits: [e('tide-war.yml', 'winner: a', 'winner: constructor')], expect: [
    ['tide-war.yml:13:13 error unknown-ref', "winner 'constructor' is not one of its sides (a, b)"]] },
  { name: 'merge key: a bad value in the anchor is reported for every member that merges it', fixture: Y, edits: [e('ALL-IN-ONE.YML', 'die: d8', 'die: d9')], expect: [
    ['ALL-IN-ONE.YML:13:10 error schema', "member 'thane': die d9 is not an Existence Die"],
    ['ALL-IN-ONE.YML:16:5 error schema', "member 'squire': die d9 is not an Existence Die"]] },
  { name: 'merge key: keys written in the mapping win over merged ones', fixture: Y, edits: [e('ALL-IN-ONE.YML', '    captain: false', '    captain: true')], expect: [
    ['ALL-IN-ONE.YML:19:14 error captain-count', "has 2 Captains ('thane', 'squire')"]] },
  { name: 'merge key: a value that is not a mapping', fixture: Y, edits: [e('ALL-IN-ONE.YML', '  - <<: *base', '  - <<: [*base, 5]')], expect: [
    ['ALL-IN-ONE.YML:16:5 error schema', "member 'squire': missing required property 'type'"],
    ['ALL-IN-ONE.YML:16:5 error schema', "member 'squire': missing required property 'die'"],
    ['ALL-IN-ONE.YML:16:5 error schema', "member 'squire': missing required property 'health'"],
    ['ALL-IN-ONE.YML:16:9 error yaml-syntax', "a merge key '<<' needs a mapping or a list of mappings"]] },
  { name: 'an aliased effect list with a typo is reported where each copy is used', fixture: Y, edits: [e('rivals.yaml', '- armor: 1', '- armour: 1')], expect: [
    ['rivals.yaml:15:13 error schema', "member 'boss' rule 'Stubborn' effect #1: unknown effect 'armour' — did you mean 'armor'?"],
    ['rivals.yaml:22:43 error schema', "member 'goon' rule 'Stubborn too' effect #1: unknown effect 'armour'"]] },
  { name: 'a second document after the end marker', fixture: Y, edits: [e('mortisphere.yaml', '...\n', '---\nkind: crew\n')], expect: [
    ['mortisphere.yaml:10:1 error yaml-syntax', 'only one YAML document per file is allowed']] },

  { name: 'campaign aftermath roll above any die', fixture: F, edits: [e('tide-war.yml', 'roll: 1, outcome', 'roll: 21, outcome')], expect: [
    ['tide-war.yml:16:52 error schema', "battle 'sluice-gate' aftermath entry #1: roll must be at most 20 (it is 21)"]] },
  { name: 'an empty die', fixture: F, edits: [e('wardens.yml', 'die: d10', 'die:')], expect: [
    ['wardens.yml:11:9 error schema', "member 'reeve-amsel': die is empty; write an Existence Die (d4, d6, d8, d10, d12, d20)"]] },
  { name: 'an empty areas list says so once', fixture: F, edits: [e('sluice-gate.yml', 'areas:\n', 'areas:\nxareas:\n')], expect: [
    ['sluice-gate.yml:7:7 error schema', "areas must be a list, not null"],
    ['sluice-gate.yml:8:1 error schema', "unknown property 'xareas' — did you mean 'areas'?"]] },
];
