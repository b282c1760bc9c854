import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';

/** Nearest-rank percentile of a list (0 for an empty list). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Median (the 50th percentile). */
export const median = (values: readonly number[]): number => percentile(values, 50);

/** `12.3 ms` style. */
export const ms = (v: number): string => `${v.toFixed(0)} ms`;

/** `1.23 MB` style (10^6 bytes, as the table counts). */
export const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;

/** One built file: path below `out/`, bytes, gzip bytes, line count. */
export interface BuiltFile {
  path: string;
  bytes: number;
  gzip: number;
  lines: number;
}

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

function describeFile(outDir: string, file: string): BuiltFile {
  const bytes = readFileSync(file);
  let lines = 1;
  for (const b of bytes) if (b === 10) lines++;
  return { path: relative(outDir, file), bytes: bytes.length, gzip: gzipSync(bytes).length, lines };
}

/** What `out/` holds: the renderer's entry chunk, every script, and source maps. */
export interface BundleReport {
  entry: BuiltFile | null;
  scripts: BuiltFile[];
  maps: string[];
}

/** Reads the build in `outDir` (the renderer's entry is the module script of `renderer/index.html`). */
export function bundleReport(outDir: string): BundleReport {
  const html = existsSync(join(outDir, 'renderer/index.html'))
    ? readFileSync(join(outDir, 'renderer/index.html'), 'utf8')
    : '';
  const src = /<script[^>]+type="module"[^>]+src="\.?\/?([^"]+)"/.exec(html)?.[1];
  const files = walk(outDir);
  const scripts = files.filter((f) => /\.(c|m)?js$/.test(f)).map((f) => describeFile(outDir, f));
  scripts.sort((a, b) => b.bytes - a.bytes);
  return {
    entry: src ? (scripts.find((s) => s.path === `renderer/${src}`) ?? null) : null,
    scripts,
    maps: files.filter((f) => f.endsWith('.map')).map((f) => relative(outDir, f)),
  };
}

/** A line per file: size, gzip, lines, and whether it looks minified (few, long lines). */
export function describeBuilt(f: BuiltFile): string {
  const minified = f.bytes / f.lines > 300 ? 'minified' : 'NOT minified';
  return `${f.path}: ${mb(f.bytes)} (${mb(f.gzip)} gzip, ${f.lines.toLocaleString('en')} lines, ${minified})`;
}

/**
 * A crew document of about `lines` lines (10 per member), valid for the example workspace:
 * one Captain, built-in types, an ability from its library.
 */
export function generatedCrew(lines = 2000): string {
  const head = ['kind: crew', 'schemaVersion: 1', 'id: big-crew', 'name: The Big Crew', 'members:'];
  const out = [...head];
  for (let i = 1; out.length < lines; i++) {
    out.push(
      `  - id: m-${String(i).padStart(4, '0')}            # member ${i}`,
      `    name: Member ${i}`,
      `    type: ${i % 3 === 0 ? 'machine' : 'survivor'}`,
      `    die: d${i === 1 ? 10 : 6}`,
      `    health: 2`,
      i === 1 ? '    captain: true' : '    abilities: [steady-aim]',
      '    text: >-',
      `      Generated member number ${i}, part of the`,
      '      2,000-line crew used to time typing.',
      '',
    );
  }
  return `${out.join('\n')}\n`;
}

/**
 * Installed before the page loads: marks (first time the explorer, the tab bar and an expected
 * text show), every long task, and keydown → next-paint latencies (a frame callback, then a task
 * after it: the first moment after the frame that showed the key was painted).
 */
export function instrument(): void {
  interface PerfState {
    marks: Record<string, number>;
    longTasks: [number, number][];
    keys: [number, number][];
    lastKeyAt: number;
    expectText: string | null;
  }
  const w = window as unknown as { __perf: PerfState };
  const perf: PerfState = { marks: {}, longTasks: [], keys: [], lastKeyAt: -1, expectText: null };
  w.__perf = perf;
  const mark = (name: string): void => {
    if (!(name in perf.marks)) perf.marks[name] = performance.now();
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) perf.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long task timing in this browser */
  }
  // One cheap check per frame, and only for marks not taken yet (then the loop stops): the
  // measurement must not add work to the frames it measures.
  const poll = (): void => {
    if (
      !('explorer' in perf.marks) &&
      document.querySelector('[role="treegrid"][aria-label="Explorer"] [role="row"]')
    )
      mark('explorer');
    if (
      !('tabs' in perf.marks) &&
      document.querySelector('[role="tablist"][aria-label="Open documents"] [role="tab"]')
    )
      mark('tabs');
    if (perf.expectText && !('text' in perf.marks)) {
      const panel = document.getElementById('editor-panel');
      const shown = (panel?.textContent ?? '').replace(/\u00a0/g, ' ');
      if (shown.includes(perf.expectText)) mark('text');
    }
    const done =
      'explorer' in perf.marks && 'tabs' in perf.marks && (perf.expectText === null || 'text' in perf.marks);
    if (!done || performance.now() < 3000) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
  window.addEventListener(
    'click',
    (e) => {
      if (!('click' in perf.marks)) perf.marks.click = e.timeStamp;
    },
    true,
  );
  window.addEventListener(
    'keydown',
    (e) => {
      const t0 = e.timeStamp;
      perf.lastKeyAt = t0;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => perf.keys.push([t0, performance.now() - t0]);
        ch.port2.postMessage(0);
      });
    },
    true,
  );
}

/** Sets the text whose appearance in the editor panel is marked as `text`. */
export async function expectTextMark(page: Page, text: string): Promise<void> {
  await page.addInitScript((t) => {
    const set = (): void => {
      const w = window as unknown as { __perf?: { expectText: string | null } };
      if (w.__perf) w.__perf.expectText = t;
      else setTimeout(set, 0);
    };
    set();
  }, text);
}

/** The marks, long tasks and key latencies recorded so far. */
export async function perfState(page: Page): Promise<{
  marks: Record<string, number>;
  longTasks: [number, number][];
  keys: [number, number][];
  lastKeyAt: number;
}> {
  return page.evaluate(() => {
    const p = (
      window as unknown as {
        __perf: {
          marks: Record<string, number>;
          longTasks: [number, number][];
          keys: [number, number][];
          lastKeyAt: number;
        };
      }
    ).__perf;
    return { marks: { ...p.marks }, longTasks: [...p.longTasks], keys: [...p.keys], lastKeyAt: p.lastKeyAt };
  });
}

/** Waits until a mark exists (polling cheaply, so the poll itself is no long task). */
export async function waitMark(page: Page, name: string, timeout = 60_000): Promise<number> {
  await page.waitForFunction(
    (n) => n in (window as unknown as { __perf: { marks: Record<string, number> } }).__perf.marks,
    name,
    { timeout, polling: 50 },
  );
  return (await perfState(page)).marks[name];
}

/**
 * CPU milliseconds the main threads of the browser's renderer processes have used so far (Linux
 * /proc, 10 ms ticks), or null where that cannot be read. Unlike wall-clock figures it hardly
 * depends on how loaded the machine is. A renderer's main thread is the thread whose id is the
 * process id; workers run on other threads and are not counted.
 */
export async function rendererMainThreadCpuMs(browser: Browser): Promise<number | null> {
  try {
    const cdp = await browser.newBrowserCDPSession();
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    await cdp.detach();
    let total = 0;
    for (const p of info.processInfo.filter((x) => x.type === 'renderer')) {
      const fields = readFileSync(`/proc/${p.id}/task/${p.id}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    }
    return total;
  } catch {
    return null;
  }
}
