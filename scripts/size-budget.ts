/**
 * The renderer's size budget (issue 15), run by `npm run build` after electron-vite: fails (exit 1)
 * when the JavaScript the window loads before its first paint — the entry chunk of
 * out/renderer/index.html plus every chunk it preloads — passes 1.5 MB minified. Monaco, the forms
 * and the Test run view are lazy chunks and do not count. Usage: `tsx scripts/size-budget.ts [out/renderer]`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The budget in bytes (1.5 MB, decimal as the build prints sizes). */
export const MAIN_CHUNK_BUDGET = 1_500_000;

/** One script the page loads at start. */
export interface StartScript {
  file: string;
  bytes: number;
}

/** The outcome of a budget check. */
export interface BudgetReport {
  ok: boolean;
  scripts: StartScript[];
  total: number;
  budget: number;
  message: string;
}

/** Scripts an index.html loads at start: its module scripts and module preloads (relative to the html). */
export function startScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) out.push(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0]);
    if (href) out.push(href[1]);
  }
  return [...new Set(out)];
}

const kb = (n: number): string => `${(n / 1000).toFixed(1)} kB`;

/** Checks the built renderer in `dir` against `budget`. */
export function checkBudget(dir: string, budget = MAIN_CHUNK_BUDGET): BudgetReport {
  const htmlPath = join(dir, 'index.html');
  if (!existsSync(htmlPath)) {
    return {
      ok: false,
      scripts: [],
      total: 0,
      budget,
      message: `size budget: ${htmlPath} does not exist; run 'electron-vite build' first.`,
    };
  }
  const scripts: StartScript[] = [];
  for (const src of startScripts(readFileSync(htmlPath, 'utf8'))) {
    const file = join(dir, src.replace(/^\.?\//, ''));
    if (!existsSync(file)) {
      return {
        ok: false,
        scripts,
        total: 0,
        budget,
        message: `size budget: index.html loads ${src}, which is not in ${dir}.`,
      };
    }
    scripts.push({ file: src, bytes: statSync(file).size });
  }
  const total = scripts.reduce((s, f) => s + f.bytes, 0);
  const list = scripts.map((s) => `${s.file} ${kb(s.bytes)}`).join(', ');
  if (scripts.length === 0) {
    return {
      ok: false,
      scripts,
      total,
      budget,
      message: `size budget: ${htmlPath} loads no script; is this the renderer's build?`,
    };
  }
  if (total > budget) {
    return {
      ok: false,
      scripts,
      total,
      budget,
      message: `size budget exceeded: the renderer's main chunk is ${kb(total)} (${list}), over the ${kb(budget)} budget. Load the new dependency lazily (React.lazy or import()) or make it smaller; see issue 15.`,
    };
  }
  return {
    ok: true,
    scripts,
    total,
    budget,
    message: `size budget: main chunk ${kb(total)} of ${kb(budget)} (${list})`,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? 'out/renderer');
  const r = checkBudget(dir);
  (r.ok ? console.log : console.error)(r.message);
  process.exitCode = r.ok ? 0 : 1;
}
