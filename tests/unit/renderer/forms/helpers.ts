import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse as parseYaml } from 'yaml';
import type { Diagnostic } from '../../../../src/shared/diagnostics';
import type { WorkspaceModel } from '../../../../src/shared/model/workspace';
import { validateFiles } from '../../../../src/shared/validation';
import { DocumentForm } from '../../../../src/renderer/src/forms';

export const EXAMPLE_ROOT = 'resources/examples/ashen-reach';

/** Every YAML file of the example workspace, relative paths. */
export function exampleFiles(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(name)) out.push({ path: relative(EXAMPLE_ROOT, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(EXAMPLE_ROOT);
  return out;
}

/** Validates the example workspace with `overrides` (path → text) as the editor would. */
export function workspaceWith(overrides: Record<string, string> = {}): { diagnostics: Diagnostic[]; model: WorkspaceModel; text: (p: string) => string } {
  const files = exampleFiles().map((f) => (f.path in overrides ? { path: f.path, text: overrides[f.path] } : f));
  for (const [path, text] of Object.entries(overrides)) if (!files.some((f) => f.path === path)) files.push({ path, text });
  const { diagnostics, model } = validateFiles(files);
  return { diagnostics, model, text: (p) => files.find((f) => f.path === p)!.text };
}

/** Static HTML of the form of one document. */
export function renderForm(path: string, text: string, model: WorkspaceModel | null, diagnostics: Diagnostic[] = [], onTextChange: (t: string) => void = () => {}): string {
  return renderToStaticMarkup(createElement(DocumentForm, { path, text, onTextChange, diagnostics: diagnostics.filter((d) => d.file === path), model }));
}

/** The opening tag of the element with the given accessible label: its aria-label, or a visible `<label for>` naming it. */
export function tagWithLabel(html: string, label: string): string | null {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/&/g, '&amp;');
  const m = new RegExp(`<[a-z]+[^>]*aria-label="${escaped}"[^>]*>`).exec(html);
  if (m) return m[0];
  // A react-aria field: a visible <label for=ID> names the control whose id is ID.
  const id = new RegExp(`<label [^>]*for="([^"]+)"[^>]*>${escaped}</label>`).exec(html)?.[1];
  if (id === undefined) return null;
  const idEscaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<[a-z]+[^>]*id="${idEscaped}"[^>]*>`).exec(html)?.[0] ?? null;
}

/** A react-aria select (components/Picker) in static HTML, found by its visible label. */
export interface PickerMarkup {
  /** Opening tag of the trigger button. */
  button: string;
  /** Text of the selected value (or the placeholder). */
  value: string;
  /** Texts of every entry (from react-aria's hidden native select, in order). */
  options: string[];
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/&/g, '&amp;').replace(/'/g, '&#x27;');

/** The Picker labelled `label` in `html`, or null. */
export function pickerWithLabel(html: string, label: string): PickerMarkup | null {
  const labelId = new RegExp(`<span class="picker-label[^"]*" id="([^"]+)">${escapeRe(label)}</span>`).exec(html)?.[1];
  if (!labelId) return null;
  const at = html.search(new RegExp(`<button [^>]*aria-labelledby="[^"]* ${escapeRe(labelId)}"`));
  if (at < 0) return null;
  const rest = html.slice(at);
  const button = /^<button[^>]*>/.exec(rest)![0];
  const value = /<span [^>]*class="picker-value"[^>]*>(.*?)<\/span>/.exec(rest)?.[1] ?? '';
  const select = /<select[^>]*>(.*?)<\/select>/.exec(rest)?.[1] ?? '';
  const options = [...select.matchAll(/<option value="([^"]*)"[^>]*>(.*?)<\/option>/g)].filter((m) => m[1] !== '').map((m) => m[2]);
  return { button, value, options };
}

/** Crew value of an example crew computed straight from the files (R1.1–R1.2), independent of the forms code. */
export function exampleCrewValue(crewFile: string): { total: number; dice: number } {
  const crew = parseYaml(readFileSync(join(EXAMPLE_ROOT, crewFile), 'utf8')) as { members: { die: string; equipment?: string[] }[] };
  const items = (parseYaml(readFileSync(join(EXAMPLE_ROOT, 'libraries/equipment.yaml'), 'utf8')) as { items: { id: string; cost?: number }[] }).items;
  const dice = crew.members.reduce((s, m) => s + Number(m.die.slice(1)), 0);
  const equipment = crew.members.flatMap((m) => m.equipment ?? []).reduce((s, id) => s + (items.find((i) => i.id === id)?.cost ?? 0), 0);
  return { total: dice + equipment, dice };
}
