/**
 * Ruleset resolution (RULES.md intro, DESIGN.md `kind: ruleset`): a ruleset document sets any
 * subset of knobs; the rest come from its `extends` chain, which always ends in built-in `core`.
 */
import { CORE_RULESET, CORE_RULESET_ID } from '../model/ruleset-defaults';
import type { RulesetDoc, RulesetKnobs } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { err, ok } from '../result';
import type { Result } from '../result';

const GROUPS = ['initiative', 'damage', 'clash', 'swarm', 'captain', 'movement', 'morale', 'phased', 'scoring', 'aftermath', 'advancement'] as const;

/** A deep, mutable copy of the built-in core knobs. */
export function coreKnobs(): RulesetKnobs {
  return JSON.parse(JSON.stringify(CORE_RULESET)) as RulesetKnobs;
}

function applyOverrides(base: RulesetKnobs, doc: RulesetDoc): void {
  const target = base as unknown as Record<string, unknown>;
  const source = doc as unknown as Record<string, unknown>;
  for (const group of GROUPS) {
    const over = source[group];
    if (over === undefined || over === null || typeof over !== 'object') continue;
    const into = target[group] as Record<string, unknown>;
    for (const [key, value] of Object.entries(over as Record<string, unknown>)) {
      if (value !== undefined) into[key] = JSON.parse(JSON.stringify(value)) as unknown;
    }
  }
  if (doc.turnStructure !== undefined) base.turnStructure = doc.turnStructure;
}

/**
 * Resolves ruleset `id` (default: the workspace's `ruleset`, else `core`) through its `extends`
 * chain into a complete, fresh set of knobs. Errors: `setup/unknown-id` for a missing ruleset,
 * `setup/ruleset-cycle` for an `extends` cycle. Never throws on bad input.
 */
export function resolveRuleset(model: WorkspaceModel, id?: string | null): Result<RulesetKnobs> {
  const start = id ?? model.workspace?.ruleset ?? CORE_RULESET_ID;
  const chain: RulesetDoc[] = [];
  const seen = new Set<string>();
  let current: string | undefined = start;
  let from: string | null = null;
  while (current !== undefined && current !== CORE_RULESET_ID) {
    if (seen.has(current)) {
      return err('setup/ruleset-cycle', `ruleset '${current}': its 'extends' chain loops back to itself (${[...seen, current].join(' → ')}); make one of them extend 'core'`, model.pathOf.get(`ruleset:${current}`));
    }
    seen.add(current);
    const doc = model.rulesets.get(current);
    if (doc === undefined) {
      const where = from === null ? '' : ` (extended by ruleset '${from}')`;
      return err('setup/unknown-id', `ruleset '${current}'${where} does not exist; use 'core' or the id of a ruleset document`, from === null ? undefined : model.pathOf.get(`ruleset:${from}`));
    }
    chain.push(doc);
    from = current;
    current = doc.extends ?? CORE_RULESET_ID;
  }
  const knobs = coreKnobs();
  for (let i = chain.length - 1; i >= 0; i--) applyOverrides(knobs, chain[i]!);
  return ok(knobs);
}
