/**
 * What a kept Test run result was computed from (issue 11, item 1): a hash of the text of every
 * document the battle reads, so a result computed before the user's last edit is marked as such
 * (naming the files) instead of being thrown away. Pure.
 */
import type { DocumentTexts } from '../../../shared/api';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { relevantFiles } from './setup-choice';
import type { SetupChoice } from './setup-choice';

/** Path → hash of its text, for the documents a result was computed from. */
export type Basis = Record<string, string>;

/** A 64-bit FNV-1a hash of `text` as 16 hex digits (two 32-bit lanes; not for security). */
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x0100019d) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The basis of `choices` (one or two setups): every file any of them reads, hashed. */
export function basisOf(model: WorkspaceModel, documents: DocumentTexts, choices: readonly SetupChoice[]): Basis {
  const out: Basis = {};
  for (const c of choices) for (const path of relevantFiles(model, c)) out[path] = documents[path] === undefined ? 'missing' : textHash(documents[path]);
  return out;
}

/** The files of `basis` whose text is not the same now (changed, created or deleted), sorted. */
export function changedSince(basis: Basis, documents: DocumentTexts): string[] {
  return Object.keys(basis)
    .filter((path) => (documents[path] === undefined ? 'missing' : textHash(documents[path])) !== basis[path])
    .sort();
}
