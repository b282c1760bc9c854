import type { DiagnosticCode } from './diagnostics';

/** What a diagnostic code means and how to fix it: the rule text of SARIF and other reports. */
export interface DiagnosticHelp {
  /** A few words, e.g. "Schema violation". */
  title: string;
  /** What the check finds, why it matters and the usual fix, in one paragraph. */
  help: string;
}

/**
 * Help text of every diagnostic code. A `Record` over `DiagnosticCode`, so a new code does not
 * compile until it is described here.
 */
export const DIAGNOSTIC_HELP: Record<DiagnosticCode, DiagnosticHelp> = {
  'knob-unused': {
    title: 'Ruleset knob without effect',
    help: "A ruleset sets a knob that only matters together with another setting it does not have (e.g. 'phased.longerWeaponFirst' without 'turnStructure: phased'), so the knob changes nothing. Set the other knob too, or remove this one.",
  },
  'ambiguous-ref': {
    title: 'Ambiguous member reference',
    help: "An objective names a member id that both sides' crews have (a mirror match, or two crews sharing an id), so it could mean either. Name the side too, as 'a:ash-mother' or 'b:ash-mother'.",
  },
  'captain-dead': {
    title: 'Dead Captain',
    help: "The crew's Captain is marked 'status: dead' after a campaign battle, so the crew has no living Captain (R7.1). Set 'captain: true' on a living member (and remove it from the dead one) before the crew fights again.",
  },
  'history-unknown-scenario': {
    title: 'History names an unknown scenario',
    help: "A member's history entry names a scenario id that no scenario document has. Fix the id (the message suggests the closest one) or remove 'scenario' from the entry.",
  },
  'campaign-aftermath-roll': {
    title: 'Impossible aftermath roll',
    help: "A campaign battle records an aftermath roll that the ruleset's aftermath die cannot show (R10.1, e.g. 7 on a d6). Correct the roll as it was rolled at the table.",
  },
  'campaign-aftermath-outcome': {
    title: 'Aftermath outcome disagrees with the table',
    help: "The outcome recorded for an aftermath roll is not what the ruleset's aftermath table gives for that roll (R10.1). Correct the outcome, or the roll if that was mistyped.",
  },
  'campaign-aftermath-unapplied': {
    title: 'Aftermath not applied to the crew',
    help: "The ledger records a death or a lasting injury that the member's crew file does not show (no 'status: dead', no injury in its history, or a Health change other than −1). Record battles through the editor or 'mortisphere campaign record', or fix the crew file by hand as the message says.",
  },
  'campaign-dead-fielded': {
    title: 'Dead member fielded',
    help: 'A member that died in an earlier battle of the campaign appears in a later one. A dead member is never fielded again (R10.1): fix the ledger, or the battle order if the battles were recorded out of order.',
  },
  'campaign-crew-shared': {
    title: 'Crew in two campaigns',
    help: "A crew's history can follow one campaign only, but this crew is listed by two. Copy the crew under a new id for one of the campaigns.",
  },
  'campaign-side-crew': {
    title: "Battle crew not in the campaign",
    help: "A recorded battle names a crew that is not in the campaign's 'crews' list. Add the crew to 'crews', or correct the battle's sides.",
  },
  'yaml-syntax': {
    title: 'YAML syntax error',
    help: 'The file is not valid YAML (an unclosed quote or bracket, a tab used for indentation, a key given twice in one mapping…). Nothing else in the file can be checked until it parses; fix the line named and validate again.',
  },
  'yaml-hostile': {
    title: 'Refused YAML construct',
    help: 'The file uses a YAML feature Mortisphere refuses for safety: custom tags such as !!js/function, keys such as __proto__ or constructor, too many aliases or nesting too deep. Write plain mappings, lists and scalars instead.',
  },
  'file-too-large': {
    title: 'File too large',
    help: 'A document is larger than the per-file limit (2 MiB) and was not read. Split it into several documents; ids are unique per kind across the workspace, so nothing else changes.',
  },
  schema: {
    title: 'Schema violation',
    help: "A field is missing, misspelled, of the wrong type or outside its allowed values for this document's kind (see schemas/ and the editor's hover help). The message names the field and the values allowed.",
  },
  'schema-version': {
    title: 'Schema version',
    help: 'The document declares a schemaVersion this version of Mortisphere cannot read (newer than it knows, or with no migration path). Update Mortisphere, or set the schemaVersion the message gives and check the file.',
  },
  'unknown-kind': {
    title: 'Unknown document kind',
    help: "Every YAML document in a workspace starts with 'kind:' (workspace, crew, crewType, abilities, equipment, scenario, ruleset, campaign). Add or correct it, or move the file out of the workspace.",
  },
  'unknown-ref': {
    title: 'Unknown reference',
    help: 'A document refers by id to a crew, crew type, ability, item, Area, objective, side, scenario or ruleset that does not exist in the workspace. Correct the id (the message suggests close matches) or add the missing document.',
  },
  'duplicate-id': {
    title: 'Duplicate id',
    help: 'Ids are unique per kind across the workspace (and per crew for members, per scenario for Areas and objectives). The first definition in path order wins; rename or remove the others.',
  },
  'captain-count': {
    title: 'Captain count',
    help: "A crew has exactly one Captain (RULES.md R7). Set 'captain: true' on one member and remove it from the others.",
  },
  'type-constraint': {
    title: 'Crew type constraint',
    help: "A member breaks its homebrew crew type: a die not in the type's dice, Health outside its range, equipment without one of its tags, or more members of the type than its maxPerCrew.",
  },
  'crew-value': {
    title: 'Crew value over the limit',
    help: "A crew's value (dice plus equipment costs) is above the crewValueLimit of a scenario or campaign that uses it. The battle still plays; lower the crew's value or raise the limit if it is intended.",
  },
  'area-dead-end': {
    title: 'Dead-end Area',
    help: "Moves between Areas follow the links (R8.2): from an Area that lists `links`, a member may only move along them; from an Area without `links`, to any other Area. A dead end is an Area a member can move into but never get back out of to where it came from (or, with `links: []`, never leave at all). Add a link back, or remove `links` from that Area so any move is allowed.",
  },
  'objective-unreachable': {
    title: 'Objective out of reach',
    help: "An interact, reach or control objective sits in an Area that no member of the sides that may score it can reach from where they deploy, following the links (R8.2). Add a link that leads there, deploy a side or member there, or move the objective.",
  },
  'area-count': {
    title: 'Area count',
    help: 'A scenario should have between 2 and 5 Areas (RULES.md R8). Fewer leaves nothing to move between; more spreads the crews too thin.',
  },
  'side-count': {
    title: 'Side count',
    help: 'A scenario has exactly two sides, each with an id, a name and a deployment Area. Add or remove sides until there are two.',
  },
  'workspace-missing': {
    title: 'Workspace manifest',
    help: "The folder has no mortisphere.yaml at its root (or has one elsewhere). Create it with 'kind: workspace', a schemaVersion and a name, or run 'mortisphere new'.",
  },
  'extends-cycle': {
    title: 'Ruleset extends cycle',
    help: "Rulesets extend each other in a circle, so their knobs cannot be resolved. Break the cycle: one of them must extend 'core' or another ruleset outside the circle.",
  },
  'check-assertion': {
    title: 'Balance check assertion',
    help: "An assertion in the `checks:` of mortisphere.yaml does not parse, or names a metric, side, objective or member the check's battle does not have. Grammar: README \"Balance gates\" (e.g. winRate(a) in [0.45, 0.55], draws < 0.1).",
  },
  'file-unreadable': {
    title: 'Unreadable file',
    help: 'A file or folder of the workspace could not be read (permissions, a broken link, a disk error). Check that it exists and that you may read it.',
  },
};

/** Every diagnostic code with its help, in the order above. */
export const DIAGNOSTIC_CODES = Object.keys(DIAGNOSTIC_HELP) as DiagnosticCode[];
