/**
 * Runs `run` once, just after the browser has painted the next frame (a task queued from that
 * frame's animation callback), so that work started by a render does not delay the frame showing
 * it. A hidden page paints no frames, so the work also runs after `latestMs` at the latest.
 * Returns a function that cancels it if it has not run yet.
 */
export function afterPaint(run: () => void, latestMs = 200): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const once = (): void => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(latest);
    run();
  };
  const frame = requestAnimationFrame(() => {
    task = setTimeout(once, 0);
  });
  const latest = setTimeout(once, latestMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(latest);
  };
}
