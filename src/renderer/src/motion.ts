import { useEffect, useState } from 'react';

const query = (): MediaQueryList | null =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

/** True when the user asks for reduced motion (`prefers-reduced-motion: reduce`), following changes live. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState<boolean>(() => query()?.matches ?? false);
  useEffect(() => {
    const q = query();
    if (!q) return;
    const onChange = (): void => setReduced(q.matches);
    onChange();
    q.addEventListener('change', onChange);
    return () => q.removeEventListener('change', onChange);
  }, []);
  return reduced;
}
