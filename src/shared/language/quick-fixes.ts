/**
 * Quick fixes for the validator's suggestions (issue 14): "did you mean 'x'" replaces the word;
 * a crew without a Captain offers "Make X Captain"; an unknown reference offers to create it
 * from the template (or, for an Area, to add it to the scenario); a swapped Health range offers
 * "Swap min and max"; a battle crew missing from the campaign offers to add it. Pure: a
 * diagnostic and its file's text in, edits (or a creation request) out.
 */
import type { Diagnostic } from '../diagnostics';
import { deleteIn, insertIn, parseForEdit, setIn } from '../doc-edit';
import type { DocPath, EditValue } from '../doc-edit';
import { asArray, asRecord, nameOf } from '../model/read';
import type { Result } from '../result';
import { LineMap } from './navigation';
import type { SymbolKind } from './symbols';
import { minimalEdit } from './text-edits';
import type { TextEdit } from './text-edits';

/** A fix that edits the file the diagnostic is in. */
export interface EditFix {
  title: string;
  kind: 'edit';
  edits: TextEdit[];
  /** The fix an editor applies first (Monaco's "preferred" quick fix). */
  preferred?: boolean;
}

/** A fix that creates the missing thing from the template of its kind. */
export interface CreateFix {
  title: string;
  kind: 'create';
  create: { kind: SymbolKind; id: string };
}

/** One quick fix of a diagnostic. */
export type QuickFix = EditFix | CreateFix;

const WORD_KINDS: Record<string, SymbolKind> = {
  crew: 'crew',
  'crew type': 'crewType',
  ability: 'ability',
  'equipment item': 'equipment',
  scenario: 'scenario',
  ruleset: 'ruleset',
  campaign: 'campaign',
};

/** Turns a whole-text change into one edit (no fix when nothing changes or the edit failed). */
function textFix(title: string, text: string, result: Result<string>, preferred = false): EditFix[] {
  if (!result.ok) return [];
  const edit = minimalEdit(text, result.value);
  return edit ? [{ title, kind: 'edit', edits: [edit], ...(preferred ? { preferred } : {}) }] : [];
}

/** Applies several doc-edit operations in order. */
function chain(text: string, ops: ((t: string) => Result<string>)[]): Result<string> {
  let cur: Result<string> = { ok: true, value: text };
  for (const op of ops) {
    if (!cur.ok) return cur;
    cur = op(cur.value);
  }
  return cur;
}

/** "did you mean 'x'": replaces the misspelt word (the last quoted word of the message found in the flagged text). */
function didYouMeanFix(d: Diagnostic, text: string, lines: LineMap): EditFix[] {
  const m = /did you mean '([^']+)'/.exec(d.message);
  if (!m) return [];
  const suggestion = m[1];
  const quoted = [...d.message.slice(0, m.index).matchAll(/'([^']+)'/g)].map((q) => q[1]);
  let start = lines.offset(d.line, d.column);
  let end = lines.offset(d.endLine, d.endColumn);
  if (end <= start) {
    start = lines.offset(d.line, 1);
    end = start + lines.lineText(d.line).length;
  }
  const flagged = text.slice(start, end);
  for (const word of quoted.reverse()) {
    const at = flagged.search(new RegExp(`(?<![A-Za-z0-9_-])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-])`));
    if (at < 0 || word === suggestion) continue;
    return [{ title: `Change '${word}' to '${suggestion}'`, kind: 'edit', edits: [{ start: start + at, end: start + at + word.length, text: suggestion }], preferred: true }];
  }
  return [];
}

function captainFixes(d: Diagnostic, text: string, data: Record<string, unknown>): EditFix[] {
  const members = asArray(data.members).map(asRecord);
  const who = (m: Record<string, unknown>, i: number): string => nameOf(m, `member #${i + 1}`);
  const captainPaths = members.flatMap((m, i) => (m.captain === true ? [['members', i, 'captain'] as DocPath] : []));
  const makeCaptain = (i: number): ((t: string) => Result<string>)[] => [
    ...captainPaths.filter((p) => p[1] !== i).map((p) => (t: string) => deleteIn(t, p)),
    (t: string) => setIn(t, ['members', i, 'captain'], true),
  ];
  if (d.code === 'captain-count' && /has no Captain/.test(d.message)) {
    return members.slice(0, 6).flatMap((m, i) => textFix(`Make ${who(m, i)} Captain`, text, chain(text, makeCaptain(i)), i === 0));
  }
  if (d.code === 'captain-count') {
    return captainPaths.flatMap((p) => {
      const i = p[1] as number;
      return textFix(`Keep only ${who(members[i]!, i)} as Captain`, text, chain(text, makeCaptain(i)));
    });
  }
  if (d.code === 'captain-dead') {
    return members
      .map((m, i) => ({ m, i }))
      .filter(({ m }) => m.status !== 'dead')
      .slice(0, 6)
      .flatMap(({ m, i }) => textFix(`Make ${who(m, i)} Captain`, text, chain(text, makeCaptain(i))));
  }
  return [];
}

function unknownRefFixes(d: Diagnostic, text: string, data: Record<string, unknown>): QuickFix[] {
  const area = /unknown Area '([^']+)'/.exec(d.message);
  if (area) {
    const id = area[1];
    const name = id.split('-').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');
    const value: EditValue = { id, name };
    return textFix(`Add Area '${id}' to this scenario`, text, insertIn(text, ['areas'], asArray(data.areas).length, value));
  }
  const m = /unknown (crew type|equipment item|ability|crew|scenario|ruleset|campaign) '([^']+)'/.exec(d.message);
  if (!m) return [];
  const kind = WORD_KINDS[m[1]];
  if (!kind || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(m[2])) return [];
  return [{ title: `Create ${m[1]} '${m[2]}' from the template`, kind: 'create', create: { kind, id: m[2] } }];
}

/** Every quick fix the editor offers for one diagnostic of a file with this text. */
export function quickFixes(d: Diagnostic, text: string): QuickFix[] {
  const lines = new LineMap(text);
  const out: QuickFix[] = [...didYouMeanFix(d, text, lines)];
  const parsed = parseForEdit(text);
  const data = parsed.ok ? asRecord(parsed.data) : null;
  if (!data) return out;
  if (d.code === 'captain-count' || d.code === 'captain-dead') out.push(...captainFixes(d, text, data));
  if (d.code === 'unknown-ref' && !/did you mean/.test(d.message)) out.push(...unknownRefFixes(d, text, data));
  if (d.code === 'type-constraint' && /health min (\S+) is above max (\S+)/.test(d.message)) {
    const h = asRecord(data.health);
    out.push(...textFix('Swap min and max', text, chain(text, [(t) => setIn(t, ['health', 'min'], h.max as EditValue), (t) => setIn(t, ['health', 'max'], h.min as EditValue)]), true));
  }
  const missing = d.code === 'campaign-side-crew' ? /crew '([^']+)' is not one of the campaign's crews/.exec(d.message) : null;
  if (missing) out.push(...textFix(`Add '${missing[1]}' to the campaign's crews`, text, insertIn(text, ['crews'], asArray(data.crews).length, missing[1]), true));
  return out;
}
