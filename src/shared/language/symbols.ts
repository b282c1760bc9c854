/**
 * What the language features (rename, go to definition, references, hover, quick open) talk
 * about: the ids of a workspace and every place they are written. Pure data, no I/O.
 */

/** Every kind of id a workspace defines and refers to. */
export type SymbolKind =
  | 'crew'
  | 'member'
  | 'crewType'
  | 'ability'
  | 'equipment'
  | 'scenario'
  | 'area'
  | 'objective'
  | 'side'
  | 'ruleset'
  | 'campaign';

/** The kinds whose ids are scoped: members to their crew, Areas, objectives and sides to their scenario. */
export const SCOPED_KINDS: readonly SymbolKind[] = ['member', 'area', 'objective', 'side'];

/** One id: its kind, the id, and (scoped kinds) the crew or scenario it belongs to. */
export interface SymbolRef {
  kind: SymbolKind;
  id: string;
  /** The crew id of a member; the scenario id of an Area, objective or side. */
  scope?: string;
}

/** A stable string for a symbol: `crew:iron-choir`, `member:iron-choir/warden-7`, `area:drowned-foundry/gate`. */
export const symbolKey = (s: SymbolRef): string => (s.scope !== undefined ? `${s.kind}:${s.scope}/${s.id}` : `${s.kind}:${s.id}`);

/** Words for each kind, as messages and menus say them. */
export const KIND_WORDS: Record<SymbolKind, string> = {
  crew: 'crew',
  member: 'member',
  crewType: 'crew type',
  ability: 'ability',
  equipment: 'equipment item',
  scenario: 'scenario',
  area: 'Area',
  objective: 'objective',
  side: 'side',
  ruleset: 'ruleset',
  campaign: 'campaign',
};

/** "crew 'iron-choir'", "member 'warden-7' of crew 'iron-choir'". */
export function describeSymbol(s: SymbolRef): string {
  const own = `${KIND_WORDS[s.kind]} '${s.id}'`;
  if (s.scope === undefined) return own;
  return `${own} of ${s.kind === 'member' ? 'crew' : 'scenario'} '${s.scope}'`;
}

/** Where an id is written: 0-based offsets of exactly the id's characters in the file's text. */
export interface Occurrence {
  file: string;
  symbol: SymbolRef;
  role: 'definition' | 'reference';
  start: number;
  end: number;
  /**
   * A reference whose target is only probable: an effect's `when.area` outside a scenario names an
   * Area of whichever scenario is played. Renaming follows it only when no other scenario has an
   * Area of that id.
   */
  loose?: boolean;
}

/** Ids valid without a document: the built-in ruleset and member types. */
export const BUILTIN_IDS: Partial<Record<SymbolKind, readonly string[]>> = {
  ruleset: ['core'],
  crewType: ['survivor', 'mycelian', 'machine', 'mutant', 'remnant', 'creature', 'construct'],
};

/** The pattern every id follows (schemas/common.schema.json `id`). */
export const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
