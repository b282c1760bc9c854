import { BUILTIN_TYPES } from '../../model/types';
import { didYouMean } from '../did-you-mean';
import type { CrossContext, DefKey, RefKind } from './context';
import { asArr, asObj, asStr } from './context';

type Seg = string | number;

const KIND_WORD: Record<string, string> = {
  crew: 'crew',
  crewType: 'crew type',
  ability: 'ability',
  equipment: 'equipment item',
  scenario: 'scenario',
  ruleset: 'ruleset',
  campaign: 'campaign',
};

/**
 * Ids defined for a key kind (`crew`, `ability`, …), for "did you mean". Records a dependency on
 * the whole set (`crew:*`), so the suggestion follows ids being added or removed elsewhere.
 */
export function idsOf(ctx: CrossContext, kind: string): string[] {
  ctx.deps.add(`${kind}:*` as DefKey);
  const out: string[] = [];
  for (const k of ctx.definers.keys()) if (k.startsWith(`${kind}:`)) out.push(k.slice(kind.length + 1));
  return out;
}

/**
 * Checks that `id` (at `path`) names a defined `kind`; reports `unknown-ref` with a
 * suggestion otherwise. `extra` are ids that are valid without a document (e.g. `core`).
 */
export function checkRef(ctx: CrossContext, label: string, kind: RefKind, id: unknown, path: readonly Seg[], extra: readonly string[] = [], fix = ''): boolean {
  const s = asStr(id);
  if (s === null) return false;
  if (extra.includes(s) || ctx.has(`${kind}:${s}` as DefKey)) return true;
  if (ctx.unusable.has(`${kind}:${s}` as DefKey)) return false;
  const word = KIND_WORD[kind] ?? kind;
  const hint = didYouMean(s, [...extra, ...idsOf(ctx, kind)]);
  ctx.report(path, 'error', 'unknown-ref', `${label}: unknown ${word} '${s}'${hint}${hint ? '' : `; ${fix || `define ${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word} with id '${s}' or fix the id`}`}`);
  return false;
}

/** Checks a member type: a built-in type or a crewType id. */
export function checkType(ctx: CrossContext, label: string, type: unknown, path: readonly Seg[]): void {
  checkRef(ctx, label, 'crewType', type, path, BUILTIN_TYPES, `use a built-in type (${BUILTIN_TYPES.join(', ')}) or the id of a crewType document`);
}

/**
 * Walks effect lists (`effects` of abilities/items, `rules[].effects`) under `base` and checks
 * every `when.opponentType` names a type.
 */
export function checkEffectRefs(ctx: CrossContext, label: string, holder: unknown, base: readonly Seg[]): void {
  const h = asObj(holder);
  const visit = (effects: unknown, at: readonly Seg[], who: string) =>
    asArr(effects).forEach((e, i) => {
      const t = asObj(asObj(e).when).opponentType;
      if (t !== undefined) checkType(ctx, `${who} effect #${i + 1}`, t, [...at, i, 'when', 'opponentType']);
    });
  visit(h.effects, [...base, 'effects'], label);
  asArr(h.rules).forEach((r, i) => visit(asObj(r).effects, [...base, 'rules', i, 'effects'], `${label} rule '${asStr(asObj(r).name) ?? `#${i + 1}`}'`));
}
