/** Loads the bundled example workspace (resources/examples/ashen-reach) into battle setups for tests. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSetup } from '../../../../../src/shared/engine';
import type { BattleSetup } from '../../../../../src/shared/engine';
import { validateFiles } from '../../../../../src/shared/validation';

/** Root of the example workspace. */
export const EXAMPLE_ROOT = join(__dirname, '../../../../../resources/examples/ashen-reach');
/** The example scenarios every bot and golden test plays. */
export const EXAMPLE_SCENARIOS = ['drowned-foundry', 'glass-temple', 'marrow-market'] as const;

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.ya?ml$/.test(name) ? [full] : [];
  });

/** Every example document, path → text. */
export const exampleDocuments = (): Record<string, string> =>
  Object.fromEntries(walk(EXAMPLE_ROOT).map((f) => [relative(EXAMPLE_ROOT, f).split('\\').join('/'), readFileSync(f, 'utf8')]));

/** The setup of one example scenario with its default crews; throws if the example is broken. */
export const exampleSetup = (scenario: string): BattleSetup => {
  const docs = exampleDocuments();
  const { model, diagnostics } = validateFiles(Object.entries(docs).map(([path, text]) => ({ path, text })));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`example workspace has errors: ${errors.map((d) => `${d.file}:${d.line} ${d.message}`).join('; ')}`);
  const built = buildSetup(model, { scenario });
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
};
