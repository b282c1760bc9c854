/** A unified diff of two texts by lines (for `campaign record --dry-run`). */

/** `--- a/path`, `+++ b/path` and `@@` hunks with `context` unchanged lines around each change. */
export function unifiedDiff(path: string, before: string, after: string, context = 2): string {
  const a = before.split('\n');
  const b = after.split('\n');
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const am = a.slice(pre, a.length - suf);
  const bm = b.slice(pre, b.length - suf);
  // Longest common subsequence of the middle parts (they are small: one recorded battle's edits).
  const n = am.length;
  const m = bm.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = am[i] === bm[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  type Op = { t: ' ' | '-' | '+'; line: string };
  const ops: Op[] = a.slice(0, pre).map((line) => ({ t: ' ', line }));
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && am[i] === bm[j]) {
      ops.push({ t: ' ', line: am[i++]! });
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) ops.push({ t: '+', line: bm[j++]! });
    else ops.push({ t: '-', line: am[i++]! });
  }
  for (const line of a.slice(a.length - suf)) ops.push({ t: ' ', line });
  const out = [`--- a/${path}`, `+++ b/${path}`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.t === ' ') {
      k++;
      continue;
    }
    let start = Math.max(0, k - context);
    let end = k;
    while (end < ops.length) {
      if (ops[end]!.t !== ' ') {
        end++;
        continue;
      }
      let run = end;
      while (run < ops.length && ops[run]!.t === ' ') run++;
      if (run === ops.length || run - end > 2 * context) break;
      end = run;
    }
    const stop = Math.min(ops.length, end + context);
    const oldStart = ops.slice(0, start).filter((o) => o.t !== '+').length + 1;
    const newStart = ops.slice(0, start).filter((o) => o.t !== '-').length + 1;
    const hunk = ops.slice(start, stop);
    out.push(`@@ -${oldStart},${hunk.filter((o) => o.t !== '+').length} +${newStart},${hunk.filter((o) => o.t !== '-').length} @@`);
    for (const o of hunk) out.push(`${o.t}${o.line}`);
    k = stop;
    start = stop;
  }
  return out.join('\n');
}
