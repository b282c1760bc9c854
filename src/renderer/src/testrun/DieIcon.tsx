/**
 * A die as a small picture (issue 17, items 4 and 5): each size its own outline, as the physical
 * dice look from above — d4 a triangle, d6 a square, d8 a diamond, d10 a kite, d12 a pentagon, d20
 * a hexagon with its facets — with a number inside (the die's size on a token, the value rolled in
 * a Clash). Decorative: the text around it says the same in words.
 */

const OUTLINES: Record<number, string> = {
  4: 'M16 2.5 30 28.5H2Z',
  6: 'M6 3.5H26Q28.5 3.5 28.5 6V26Q28.5 28.5 26 28.5H6Q3.5 28.5 3.5 26V6Q3.5 3.5 6 3.5Z',
  8: 'M16 1.5 30.5 16 16 30.5 1.5 16Z',
  10: 'M16 1.5 29.5 13 16 30.5 2.5 13Z',
  12: 'M16 1.5 30.5 12 25 29.5H7L1.5 12Z',
  20: 'M16 1.5 29 9V23L16 30.5 3 23V9Z',
};

/** Where the number sits (a triangle's centre is low). */
const TEXT_Y: Record<number, number> = { 4: 23, 6: 16.5, 8: 16.5, 10: 15, 12: 17.5, 20: 17.5 };

/** Props of {@link DieIcon}. */
export interface DieIconProps {
  /** Number of sides: 4, 6, 8, 10, 12 or 20 (anything else is drawn as a d6). */
  sides: number;
  /** What to write inside; the size (`d10`) when absent. */
  label?: string;
  size?: number;
  className?: string;
}

/** The die of `sides` sides as an SVG. */
export function DieIcon({ sides, label, size = 32, className }: DieIconProps) {
  const path = OUTLINES[sides] ?? OUTLINES[6]!;
  const text = label ?? `d${sides}`;
  return (
    <svg
      className={`tr-die-icon${className ? ` ${className}` : ''}`}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      data-die={`d${sides}`}
    >
      <path className="tr-die-shape" d={path} />
      {sides === 20 && <path className="tr-die-facets" d="M16 1.5 9.5 19.5H22.5Z M3 9 9.5 19.5 M29 9 22.5 19.5 M16 30.5 9.5 19.5 M16 30.5 22.5 19.5" />}
      <text className="tr-die-text" x="16" y={TEXT_Y[sides] ?? 16.5} textAnchor="middle" dominantBaseline="middle" fontSize={text.length > 2 ? 10 : 12}>
        {text}
      </text>
    </svg>
  );
}
