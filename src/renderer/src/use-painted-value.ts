import { useEffect, useState } from 'react';
import { afterPaint } from './after-paint';

/**
 * `value`, as of just after the next painted frame: for what a component shows at a lower priority
 * than its neighbours (the explorer's selected row, problem counts and dirty marks, whose re-render touches every
 * row of react-aria's tree), so that the frame showing the urgent change (a tab, the editor's
 * markers, a typed key) is not held up by it. A changed value always arrives; only the last one of a frame is shown.
 */
export function usePaintedValue<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => afterPaint(() => setShown(() => value)), [value]);
  return shown;
}
