/**
 * The mark of a side (issue 17, item 4): side A a circle, side B a diamond, each in its side
 * colour, so the two sides can be told apart without colour. Decorative: the text beside it names
 * the side.
 */
export function SideMark({ side, size = 10 }: { side: 0 | 1; size?: number }) {
  return (
    <svg className={`tr-side-mark side-${side}`} width={size} height={size} viewBox="0 0 10 10" aria-hidden="true" focusable="false">
      {side === 0 ? <circle cx="5" cy="5" r="4.2" /> : <path d="M5 0.6 9.4 5 5 9.4 0.6 5Z" />}
    </svg>
  );
}
