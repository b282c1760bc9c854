/** A per-key debouncer: `schedule(key, fn)` runs the latest fn for a key after `ms` of quiet. */
export class KeyedDebounce {
  private timers = new Map<string, { t: ReturnType<typeof setTimeout>; fn: () => void }>();
  constructor(private readonly ms: number) {}

  /** Replaces any pending call for `key`. */
  schedule(key: string, fn: () => void): void {
    this.cancel(key);
    const t = setTimeout(() => {
      this.timers.delete(key);
      fn();
    }, this.ms);
    this.timers.set(key, { t, fn });
  }

  /** Drops the pending call for `key`, if any. */
  cancel(key: string): void {
    const p = this.timers.get(key);
    if (p) clearTimeout(p.t);
    this.timers.delete(key);
  }

  /** Runs every pending call now. */
  flush(): void {
    const pending = [...this.timers.values()];
    this.timers.clear();
    for (const p of pending) {
      clearTimeout(p.t);
      p.fn();
    }
  }

  /** Whether a call for `key` is pending. */
  pending(key: string): boolean {
    return this.timers.has(key);
  }
}
