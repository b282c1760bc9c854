/**
 * What a hover on an id shows: the thing it names, read from its definition (a member's die and
 * Health, an Area's name and links, an ability's effects in words). Plain text lines; the
 * editor renders them.
 */
import { asArray, asRecord, asString, asStrings, nameOf } from '../model/read';
import { effectInWords, objectiveInWords } from '../print/words';
import type { LanguageIndex } from './language-index';
import type { SymbolRef } from './symbols';
import { BUILTIN_IDS, describeSymbol, KIND_WORDS } from './symbols';

/** The data of the document that defines a symbol, and the entry itself. */
function definitionData(index: LanguageIndex, s: SymbolRef): { doc: Record<string, unknown>; entry: Record<string, unknown> } | null {
  const def = index.definitions(s)[0];
  if (!def) return null;
  const doc = index.document(def.file)?.data;
  if (!doc) return null;
  const find = (list: unknown): Record<string, unknown> => asArray(list).map(asRecord).find((x) => x.id === s.id) ?? {};
  switch (s.kind) {
    case 'member':
      return { doc, entry: find(doc.members) };
    case 'area':
      return { doc, entry: find(doc.areas) };
    case 'objective':
      return { doc, entry: find(doc.objectives) };
    case 'side':
      return { doc, entry: find(doc.sides) };
    case 'ability':
      return { doc, entry: find(doc.abilities) };
    case 'equipment':
      return { doc, entry: find(doc.items) };
    default:
      return { doc, entry: doc };
  }
}

/** The display name of a defined symbol (its `name`, else its id). */
export function symbolName(index: LanguageIndex, s: SymbolRef): string {
  const found = definitionData(index, s);
  return found ? nameOf(found.entry, s.id) : s.id;
}

const list = (xs: string[]): string => (xs.length ? xs.join(', ') : 'none');
const effects = (e: Record<string, unknown>): string => {
  const words = asArray(e.effects).map(effectInWords).filter((w) => w !== '');
  return words.length ? `Effects: ${words.join('; ')}` : 'No effects';
};

function memberLine(m: Record<string, unknown>): string {
  const bits = [asString(m.die) || '?', `Health ${asString(m.health) || '?'}`, asString(m.type)];
  if (m.captain === true) bits.push('Captain');
  if (m.status === 'dead') bits.push('dead');
  return `${nameOf(m, '?')}: ${bits.filter(Boolean).join(', ')}`;
}

/**
 * Hover lines for a symbol: a title line, then facts. Built-in ids and undefined ones say so
 * (an undefined reference is the validator's `unknown-ref`).
 */
export function hoverLines(index: LanguageIndex, s: SymbolRef): string[] {
  if (BUILTIN_IDS[s.kind]?.includes(s.id) && index.definitions(s).length === 0) {
    return [s.kind === 'ruleset' ? `Built-in ruleset '${s.id}': every default of the rules (docs/rules.md)` : `Built-in member type '${s.id}'`];
  }
  const found = definitionData(index, s);
  if (!found) return [`Unknown ${describeSymbol(s)}: nothing defines it yet`];
  const { doc, entry } = found;
  const title = `${nameOf(entry, s.id)} (${KIND_WORDS[s.kind]} ${s.id}${s.scope !== undefined ? ` of ${s.scope}` : ''})`;
  const areaName = (id: string): string => nameOf(asArray(doc.areas).map(asRecord).find((a) => a.id === id), id);
  const sideName = (id: string): string => nameOf(asArray(doc.sides).map(asRecord).find((a) => a.id === id), id);
  switch (s.kind) {
    case 'member': {
      const lines = [title, memberLine(entry)];
      lines.push(`Abilities: ${list(asStrings(entry.abilities))}; equipment: ${list(asStrings(entry.equipment))}`);
      return lines;
    }
    case 'crew': {
      const members = asArray(entry.members).map(asRecord);
      return [title, `${members.length} member${members.length === 1 ? '' : 's'}${entry.npc === true ? ', played by the engine (npc)' : ''}`, ...members.slice(0, 8).map(memberLine)];
    }
    case 'crewType': {
      const h = asRecord(entry.health);
      return [title, `Counts as ${asString(entry.base)}; dice ${list(asStrings(entry.dice))}; Health ${asString(h.min)}–${asString(h.max)}`, `Grants: ${list(asStrings(entry.abilities))}`];
    }
    case 'ability':
    case 'equipment': {
      const cost = entry.cost !== undefined ? `Cost ${asString(entry.cost)}` : 'No cost';
      return [title, effects(entry), `${cost}${asStrings(entry.tags).length ? `; tags ${list(asStrings(entry.tags))}` : ''}`];
    }
    case 'area': {
      const links = entry.links === undefined ? null : asStrings(entry.links);
      const moves = links === null ? 'No links: a member here may move to any other Area (R8.2)' : links.length === 0 ? 'Links: none — a member here can never move away (R8.2)' : `Links: ${links.map(areaName).join(', ')} — moves from here must follow them (R8.2)`;
      const rules = asArray(entry.rules).map((r) => asString(asRecord(r).name)).filter(Boolean);
      return [title, moves, ...(rules.length ? [`Rules: ${rules.join(', ')}`] : []), ...(asString(entry.text) ? [asString(entry.text)] : [])];
    }
    case 'objective':
      return [title, objectiveInWords(entry, areaName, sideName)];
    case 'side':
      return [title, `Deploys in ${areaName(asString(entry.deploy))}${entry.crew ? `; default crew ${asString(entry.crew)}` : '; crew chosen when playing'}`];
    case 'scenario': {
      const areas = asArray(entry.areas).map((a) => nameOf(a, '?'));
      return [title, `${areas.length} Areas: ${areas.join(', ')}`, `Sides: ${asArray(entry.sides).map((x) => nameOf(x, '?')).join(' vs ')}; ${asString(entry.rounds) || '6'} rounds`];
    }
    case 'ruleset': {
      const knobs = Object.keys(entry).filter((k) => !['kind', 'schemaVersion', 'id', 'name', 'text', 'extends'].includes(k));
      return [title, `Extends ${asString(entry.extends) || 'core'}; changes ${list(knobs)}`];
    }
    case 'campaign':
      return [title, `Crews: ${list(asStrings(entry.crews))}`, `${asArray(entry.battles).length} battles recorded of ${asArray(entry.scenarios).length} planned`];
  }
}
