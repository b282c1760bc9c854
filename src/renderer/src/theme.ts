import { useEffect, useState } from 'react';

/** 'dark' or 'light'. */
export type Theme = 'dark' | 'light';

const query = (): MediaQueryList | null =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

/** The system theme, following changes live. */
export function useSystemTheme(): Theme {
  const [theme, setTheme] = useState<Theme>(() => (query()?.matches ? 'dark' : 'light'));
  useEffect(() => {
    const q = query();
    if (!q) return;
    const onChange = (): void => setTheme(q.matches ? 'dark' : 'light');
    q.addEventListener('change', onChange);
    return () => q.removeEventListener('change', onChange);
  }, []);
  return theme;
}
