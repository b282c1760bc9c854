/**
 * A small SVG drawing of a scenario's Areas and their `links` (R8.2): Areas on a circle, a line
 * per link, an arrowhead where a link goes one way only.
 */
import { areaGraph } from '../../../shared/print/area-layout';
import { asArray, asRecord } from './data';

export { areaGraph };

/** The graph as an image with a text alternative listing every link. */
export function AreaGraph({ areas }: { areas: unknown }) {
  const size = 240;
  const { nodes, edges } = areaGraph(areas, size);
  if (nodes.length === 0) return null;
  const at = new Map(nodes.map((n) => [n.id, n]));
  const anyLinks = asArray(areas).some((a) => asRecord(a).links !== undefined);
  const alt = anyLinks
    ? `Links between Areas: ${edges.map((e) => `${e.from} ${e.both ? '↔' : '→'} ${e.to}`).join(', ') || 'none'}`
    : 'No links: a member may move from any Area to any other (R8.2)';
  // Room beside and below the circle for the names under the outermost Areas (seen cut off in the
  // issue 17 screenshots: "e Drowned Sluice").
  const side = 70;
  const below = 16;
  return (
    <svg
      className="area-graph"
      role="img"
      aria-label={alt}
      viewBox={`${-side} 0 ${size + 2 * side} ${size + below}`}
      width={size + 2 * side}
      height={size + below}
    >
      <defs>
        <marker id="area-arrow" viewBox="0 0 10 10" refX="22" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
        </marker>
      </defs>
      {edges.map((e) => {
        const a = at.get(e.from)!;
        const b = at.get(e.to)!;
        return <line key={`${e.from}-${e.to}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="currentColor" strokeOpacity={0.6} markerEnd={e.both ? undefined : 'url(#area-arrow)'} />;
      })}
      {nodes.map((n) => (
        <g key={n.id}>
          <circle cx={n.x} cy={n.y} r={14} fill="var(--color-selected)" stroke="currentColor" />
          <text x={n.x} y={n.y + 28} textAnchor="middle" fontSize={11} fill="currentColor">
            {n.name}
          </text>
        </g>
      ))}
    </svg>
  );
}
