/**
 * An edge of the Area map drawn straight between the borders of its two Areas (not between
 * fixed handles), so a one-way link's arrow always points into the Area it leads to.
 */
import { BaseEdge, getStraightPath, useInternalNode } from '@xyflow/react';
import type { EdgeProps, InternalNode } from '@xyflow/react';

/** Where the segment from a box's centre towards `to` leaves the box. */
function borderPoint(node: InternalNode, to: { x: number; y: number }): { x: number; y: number } {
  const w = node.measured.width ?? 0;
  const h = node.measured.height ?? 0;
  const cx = node.internals.positionAbsolute.x + w / 2;
  const cy = node.internals.positionAbsolute.y + h / 2;
  const dx = to.x - cx;
  const dy = to.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const scale = 1 / Math.max(Math.abs(dx) / (w / 2 || 1), Math.abs(dy) / (h / 2 || 1));
  return { x: cx + dx * scale, y: cy + dy * scale };
}

const centre = (n: InternalNode): { x: number; y: number } => ({
  x: n.internals.positionAbsolute.x + (n.measured.width ?? 0) / 2,
  y: n.internals.positionAbsolute.y + (n.measured.height ?? 0) / 2,
});

/** The map's edge type: a straight line from border to border, with the edge's markers. */
export function FloatingEdge({ id, source, target, markerEnd, markerStart, style }: EdgeProps) {
  const s = useInternalNode(source);
  const t = useInternalNode(target);
  if (!s || !t) return null;
  const a = borderPoint(s, centre(t));
  const b = borderPoint(t, centre(s));
  const [path] = getStraightPath({ sourceX: a.x, sourceY: a.y, targetX: b.x, targetY: b.y });
  return <BaseEdge id={id} path={path} markerEnd={markerEnd} markerStart={markerStart} style={style} />;
}
