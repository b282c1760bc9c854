import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import type { DocumentTexts } from '../../shared/api';
import type { Diagnostic } from '../../shared/diagnostics';
import { buildSetup, resolveRuleset } from '../../shared/engine';
import type { BattleSetup } from '../../shared/engine';
import { CORE_RULESET_ID } from '../../shared/model/ruleset-defaults';
import type { RulesetKnobs } from '../../shared/model/types';
import type { WorkspaceModel } from '../../shared/model/workspace';
import { emptyWorkspaceModel } from '../../shared/model/workspace';
import { err, ok } from '../../shared/result';
import type { Result } from '../../shared/result';
import { validateFiles } from '../../shared/validation';
import { readWorkspaceFiles } from './workspace-files';

/** A refused setup: a stable code, a message naming the fix, and the validator's diagnostics. */
export interface SetupError {
  code: string;
  message: string;
  diagnostics?: Diagnostic[];
}
/** A Result whose error may carry diagnostics. */
export type SetupResult<T> = { ok: true; value: T } | { ok: false; error: SetupError };

/** Reads every YAML document below `dir` (path → text, `/`-separated relative paths), as `validate` does. */
export async function readWorkspaceDocuments(dir: string): Promise<Result<DocumentTexts>> {
  const read = await readWorkspaceFiles(dir);
  if (!read.ok) return err(read.error.code, `workspace ${read.error.message.replace(/^'/, "'")}; or pass --workspace DIR`);
  const documents: DocumentTexts = {};
  for (const f of read.value.files) documents[f.path] = f.text;
  return ok(documents);
}

/** Validates documents into a model; the diagnostics include warnings. */
export function modelOf(documents: DocumentTexts): { model: WorkspaceModel; diagnostics: Diagnostic[] } {
  const files = Object.entries(documents).map(([path, text]) => ({ path, text }));
  return validateFiles(files);
}

const listOr = (ids: Iterable<string>): string => {
  const all = [...ids].sort();
  return all.length === 0 ? '(none)' : all.join(', ');
};

/** What to build a battle from: scenario id, optional crew ids per side, optional ruleset id. */
export interface SetupRequest {
  scenario: string;
  crews?: [string, string];
  ruleset?: string;
}

/**
 * Validates `documents` and builds the battle setup. Refuses with `setup/invalid` and the error
 * diagnostics when the workspace has errors, with `setup/unknown-id` (listing valid ids) for an
 * unknown scenario, crew or ruleset.
 */
export function prepareSetup(documents: DocumentTexts, request: SetupRequest): SetupResult<{ setup: BattleSetup; model: WorkspaceModel }> {
  const { model, diagnostics } = modelOf(documents);
  const all = diagnostics.filter((d) => d.severity === 'error');
  // Errors in files this battle does not use (another scenario, a campaign) do not block it; when
  // the scenario or a crew cannot be found, every error counts (it may be what hides them).
  const found = model.scenarios.has(request.scenario) && (request.crews ?? []).every((c) => model.crews.has(c));
  const used = found ? filesUsed(model, request) : null;
  const errors = used === null ? all : all.filter((d) => used.has(d.file));
  if (errors.length > 0) {
    const files = [...new Set(errors.map((d) => d.file))];
    return {
      ok: false,
      error: {
        code: 'setup/invalid',
        message: `${errors.length} error(s) in ${files.join(', ')} stop this battle from being set up; fix them first`,
        diagnostics: errors,
      },
    };
  }
  if (!model.scenarios.has(request.scenario)) {
    return { ok: false, error: { code: 'setup/unknown-id', message: `scenario '${request.scenario}' does not exist; valid scenarios: ${listOr(model.scenarios.keys())}` } };
  }
  for (const crew of request.crews ?? []) {
    if (!model.crews.has(crew)) {
      return { ok: false, error: { code: 'setup/unknown-id', message: `crew '${crew}' does not exist; valid crews: ${listOr(model.crews.keys())}` } };
    }
  }
  if (request.ruleset !== undefined && request.ruleset !== CORE_RULESET_ID && !model.rulesets.has(request.ruleset)) {
    return { ok: false, error: { code: 'setup/unknown-id', message: `ruleset '${request.ruleset}' does not exist; valid rulesets: ${listOr([CORE_RULESET_ID, ...model.rulesets.keys()])}` } };
  }
  const built = buildSetup(model, request);
  if (!built.ok) return { ok: false, error: { code: built.error.code, message: built.error.message } };
  return ok({ setup: built.value, model });
}

/** Files a battle of `request` reads: manifest, scenario, crews, their types, libraries and every ruleset. */
function filesUsed(model: WorkspaceModel, request: SetupRequest): Set<string> {
  const used = new Set<string>(['mortisphere.yaml']);
  const add = (key: string): void => {
    const path = model.pathOf.get(key);
    if (path !== undefined) used.add(path);
  };
  const scenario = model.scenarios.get(request.scenario);
  add(`scenario:${request.scenario}`);
  for (const id of model.rulesets.keys()) add(`ruleset:${id}`);
  const crews = request.crews ?? (scenario?.sides ?? []).map((s) => s.crew ?? '');
  for (const crewId of crews) {
    add(`crew:${crewId}`);
    for (const m of model.crews.get(crewId)?.members ?? []) {
      add(`crewType:${m.type}`);
      for (const a of [...(m.abilities ?? []), ...(model.crewTypes.get(m.type)?.abilities ?? [])]) add(`ability:${a}`);
      for (const e of m.equipment ?? []) add(`equipment:${e}`);
    }
  }
  return used;
}

/** True when `arg` names a YAML file rather than an id. */
export const looksLikeFile = (arg: string): boolean => /\.ya?ml$/i.test(arg) || arg.includes('/') || arg.includes('\\');

/**
 * Adds a document given as a file path to `documents` (keyed by its path relative to the
 * workspace) and returns its `id`; ids pass through unchanged.
 */
export async function idFromArg(workspace: string, documents: DocumentTexts, arg: string, kind: string): Promise<Result<string>> {
  if (!looksLikeFile(arg)) return ok(arg);
  let text: string;
  try {
    text = await readFile(arg, 'utf8');
  } catch {
    return err('file/not-found', `${kind} file '${arg}' cannot be read; check the path or pass an id`);
  }
  const rel = relative(resolve(workspace), resolve(arg)).split('\\').join('/');
  const key = rel.startsWith('..') || isAbsolute(rel) ? resolve(arg) : rel;
  documents[key] = text;
  let data: unknown;
  try {
    data = parse(text);
  } catch {
    data = null;
  }
  const id = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).id : undefined;
  if (typeof id !== 'string') return err('setup/invalid', `${kind} file '${arg}' has no readable 'id'; fix the YAML or pass an id`);
  return ok(id);
}

/** A resolved ruleset for `odds`: its id and complete knobs. */
export interface ResolvedRuleset {
  id: string;
  knobs: RulesetKnobs;
}

/**
 * Resolves `--ruleset ID|FILE` for `odds`: none → the workspace's ruleset (core without a
 * workspace); an id → resolved in the workspace; a YAML file → validated, then resolved
 * through `extends` against the workspace's rulesets.
 */
export async function resolveRulesetArg(workspace: string, arg: string | undefined): Promise<SetupResult<ResolvedRuleset>> {
  if (arg === CORE_RULESET_ID) return resolved(emptyWorkspaceModel(), CORE_RULESET_ID);
  const isWorkspace = await exists(join(workspace, 'mortisphere.yaml'));
  if (!isWorkspace && arg === undefined) return resolved(emptyWorkspaceModel(), CORE_RULESET_ID);
  if (!isWorkspace && !looksLikeFile(arg!)) {
    return { ok: false, error: { code: 'setup/unknown-id', message: `ruleset '${arg}' cannot be looked up: '${workspace}' is not a workspace (no mortisphere.yaml); pass --workspace DIR, a ruleset YAML file, or 'core'` } };
  }
  const read = isWorkspace ? await readWorkspaceDocuments(workspace) : null;
  const documents: DocumentTexts = read?.ok ? read.value : {};
  let id: string | undefined = arg;
  if (arg !== undefined && looksLikeFile(arg)) {
    const fromFile = await idFromArg(workspace, documents, arg, 'ruleset');
    if (!fromFile.ok) return fromFile;
    id = fromFile.value;
  }
  const { model, diagnostics } = modelOf(documents);
  const errors = diagnostics.filter((d) => d.severity === 'error' && (d.file.endsWith('mortisphere.yaml') || isRulesetFile(documents[d.file])));
  if (errors.length > 0) return { ok: false, error: { code: 'setup/invalid', message: 'the ruleset documents have errors; fix them first', diagnostics: errors } };
  if (id !== undefined && id !== CORE_RULESET_ID && !model.rulesets.has(id)) {
    return { ok: false, error: { code: 'setup/unknown-id', message: `ruleset '${id}' does not exist; valid rulesets: ${listOr([CORE_RULESET_ID, ...model.rulesets.keys()])}` } };
  }
  return resolved(model, id ?? model.workspace?.ruleset ?? CORE_RULESET_ID);
}

const exists = async (path: string): Promise<boolean> => {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
};

const isRulesetFile = (text: string | undefined): boolean => text !== undefined && /^kind:\s*ruleset\b/m.test(text);

const resolved = (model: WorkspaceModel, id: string): SetupResult<ResolvedRuleset> => {
  const knobs = resolveRuleset(model, id);
  if (!knobs.ok) return { ok: false, error: { code: knobs.error.code, message: knobs.error.message } };
  return ok({ id, knobs: knobs.value });
};
