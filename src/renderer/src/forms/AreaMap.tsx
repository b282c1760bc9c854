/**
 * The scenario's Area map editor (issue 14, Tiled/LDtk habit), drawn with @xyflow/react: drag an
 * Area to place it (its centre is written as the optional `layout: {x, y}` hint), drag from an
 * Area's handle to another Area to add a link, select an Area or a link and press Delete to
 * remove it. One-way links are arrows; a link both ways is a plain line. Each Area shows the
 * sides deploying there and its objectives. Everything also works from the keyboard: Tab to an
 * Area, Enter to select it, arrow keys to move it; the link form below adds and removes links.
 */
import { Background, ConnectionMode, Controls, Handle, MarkerType, Position, ReactFlow, applyNodeChanges, useReactFlow } from '@xyflow/react';
import type { Connection, Edge, EdgeChange, Node, NodeChange, NodeProps } from '@xyflow/react';
import type { RefObject } from 'react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { inFlowStyle } from '../../../shared/doc-edit';
import { areaEdges, areaPositions } from '../../../shared/print/area-layout';
import { asArray, asRecord, asString, asStrings, nameOf } from './data';
import type { FormApi, FormEdit } from './form-api';
import { AreaLinkForm } from './AreaLinkForm';
import { FloatingEdge } from './floating-edge';

/** Size of an Area's box on the canvas (canvas units). */
const NODE_W = 170;
const NODE_H = 76;

/** What an Area's box shows. */
interface AreaData extends Record<string, unknown> {
  name: string;
  id: string;
  deploys: { label: string; side: 0 | 1 }[];
  objectives: string[];
}

function AreaNode({ data }: NodeProps<Node<AreaData>>) {
  return (
    <div className="area-node">
      <Handle type="target" position={Position.Top} />
      <div className="area-node-name">{data.name}</div>
      <div className="area-node-id mono">{data.id}</div>
      {(data.deploys.length > 0 || data.objectives.length > 0) && (
        <div className="area-node-tags">
          {data.deploys.map((d) => (
            <span key={d.label} className={`deploy-chip side-${d.side === 0 ? 'a' : 'b'}`}>
              {`⚑ ${d.label}`}
            </span>
          ))}
          {data.objectives.map((o) => (
            <span key={o} className="objective-chip">{`★ ${o}`}</span>
          ))}
        </div>
      )}
      {/* Mouse only (no name: not a widget); the link form below is the keyboard way. */}
      <Handle type="source" position={Position.Bottom} title={`Drag from here onto another Area to add a link from ${data.name}`} />
    </div>
  );
}

const NODE_TYPES = { area: AreaNode };

/** How the map is fitted into its box, at first and whenever the box changes width. */
const FIT = { padding: 0.15, maxZoom: 1 };

/**
 * Fits the map again when its box changes width (the explorer or the inspector resized or
 * collapsed, the window narrowed): the whole map stays in view instead of being cut at the edge.
 */
function FitOnResize({ box }: { box: RefObject<HTMLDivElement | null> }) {
  const { fitView } = useReactFlow();
  useEffect(() => {
    const el = box.current;
    if (el === null || typeof ResizeObserver === 'undefined') return;
    let width = -1;
    const observer = new ResizeObserver(() => {
      if (Math.abs(el.clientWidth - width) < 2) return;
      width = el.clientWidth;
      void fitView(FIT);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, fitView]);
  return null;
}
const EDGE_TYPES = { floating: FloatingEdge };

/** Deletion edits of links and Areas (list indices highest first, so earlier ones stay valid). */
export function removalEdits(areas: unknown, removeLinks: { from: string; to: string }[], removeAreas: string[]): FormEdit[] {
  const list = asArray(areas).map(asRecord);
  const paths: [number, number][] = [];
  list.forEach((a, i) => {
    const id = asString(a.id);
    asStrings(a.links).forEach((l, j) => {
      if (removeAreas.includes(l) || removeLinks.some((r) => r.from === id && r.to === l)) paths.push([i, j]);
    });
  });
  const edits: FormEdit[] = paths.sort((a, b) => a[0] - b[0] || b[1] - a[1]).map(([i, j]) => ({ op: 'delete', path: ['areas', i, 'links', j] }));
  const areaIdx = list.map((a, i) => (removeAreas.includes(asString(a.id)) ? i : -1)).filter((i) => i >= 0);
  return [...edits, ...areaIdx.sort((a, b) => b - a).map((i): FormEdit => ({ op: 'delete', path: ['areas', i] }))];
}

/** The map editor of the scenario in `form`. */
export function AreaMap({ form, colorMode }: { form: FormApi; colorMode: 'light' | 'dark' }) {
  const areas = form.data.areas;
  const placed = useMemo(() => areaPositions(areas), [areas]);
  const sides = asArray(form.data.sides).map(asRecord);
  const objectives = asArray(form.data.objectives).map(asRecord);
  const built = useMemo<Node<AreaData>[]>(
    () =>
      placed.map((p) => ({
        id: p.id,
        type: 'area',
        position: { x: p.x - NODE_W / 2, y: p.y - NODE_H / 2 },
        width: NODE_W,
        height: NODE_H,
        ariaLabel: `Area ${p.name}${p.hinted ? '' : ' (placed automatically)'}`,
        data: {
          name: p.name,
          id: p.id,
          deploys: sides.flatMap((s, i) => (asString(s.deploy) === p.id ? [{ label: nameOf(s, asString(s.id)), side: (i === 0 ? 0 : 1) as 0 | 1 }] : [])),
          objectives: objectives.filter((o) => asString(o.area) === p.id).map((o) => nameOf(o, asString(o.id))),
        },
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [placed, form.data.sides, form.data.objectives],
  );
  const [nodes, setNodes] = useState(built);
  useEffect(() => {
    setNodes((prev) => built.map((n) => ({ ...n, selected: prev.find((p) => p.id === n.id)?.selected ?? false })));
  }, [built]);
  // Which links are selected (click, or Enter on a focused link): Delete removes them.
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(new Set());
  const edges = useMemo<Edge[]>(
    () =>
      areaEdges(areas).map((e) => ({
        id: `${e.from}->${e.to}`,
        selected: selectedEdges.has(`${e.from}->${e.to}`),
        type: 'floating',
        source: e.from,
        target: e.to,
        ariaLabel: e.both ? `Link between ${e.from} and ${e.to}, both ways` : `Link from ${e.from} to ${e.to}, one way`,
        markerEnd: e.both ? undefined : { type: MarkerType.ArrowClosed, width: 18, height: 18 },
        data: { both: e.both },
      })),
    [areas, selectedEdges],
  );
  // Removal goes through `onDelete` (it writes the YAML); only selection is kept here.
  const onEdgesChange = (changes: EdgeChange[]): void => {
    const picks = changes.filter((c) => c.type === 'select');
    if (picks.length === 0) return;
    setSelectedEdges((prev) => {
      const next = new Set(prev);
      for (const c of picks) {
        if (c.selected) next.add(c.id);
        else next.delete(c.id);
      }
      return next;
    });
  };

  // Positions are written once a drag (or a burst of arrow-key moves) ends: one undo step.
  const moved = useRef(new Set<string>());
  const box = useRef<HTMLDivElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(nodes);
  latest.current = nodes;
  const commitMoves = (): void => {
    timer.current = null;
    const list = asArray(form.data.areas).map(asRecord);
    const edits: FormEdit[] = [];
    for (const id of moved.current) {
      const n = latest.current.find((x) => x.id === id);
      const i = list.findIndex((a) => asString(a.id) === id);
      if (!n || i < 0) continue;
      edits.push({ op: 'set', path: ['areas', i, 'layout'], value: inFlowStyle({ x: Math.round(n.position.x + NODE_W / 2), y: Math.round(n.position.y + NODE_H / 2) }) });
    }
    moved.current.clear();
    if (edits.length) form.apply(...edits);
  };
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const onNodesChange = (changes: NodeChange<Node<AreaData>>[]): void => {
    setNodes((ns) => applyNodeChanges(changes, ns));
    let ended = false;
    for (const c of changes) {
      if (c.type !== 'position' || !c.position) continue;
      moved.current.add(c.id);
      if (!c.dragging) ended = true;
    }
    if (ended) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(commitMoves, 300);
    }
  };
  const addLink = (from: string, to: string, both: boolean): void => {
    const list = asArray(form.data.areas).map(asRecord);
    const edits: FormEdit[] = [];
    const link = (a: string, b: string): void => {
      const i = list.findIndex((x) => asString(x.id) === a);
      const links = asStrings(list[i]?.links);
      if (i >= 0 && a !== b && !links.includes(b)) edits.push({ op: 'insert', path: ['areas', i, 'links'], index: asArray(list[i]!.links).length, value: b });
    };
    link(from, to);
    if (both) link(to, from);
    if (edits.length) form.apply(...edits);
  };
  const onConnect = (c: Connection): void => {
    if (c.source && c.target) addLink(c.source, c.target, false);
  };
  const onDelete = ({ nodes: gone, edges: cut }: { nodes: Node[]; edges: Edge[] }): void => {
    const removeAreas = gone.map((n) => n.id);
    const removeLinks = cut.flatMap((e) => ((e.data as { both?: boolean } | undefined)?.both ? [{ from: e.source, to: e.target }, { from: e.target, to: e.source }] : [{ from: e.source, to: e.target }]));
    const edits = removalEdits(form.data.areas, removeLinks, removeAreas);
    if (edits.length) form.apply(...edits);
  };
  const resetLayout = (): void => {
    const edits: FormEdit[] = asArray(form.data.areas)
      .map((a, i) => (asRecord(a).layout !== undefined ? ({ op: 'delete', path: ['areas', i, 'layout'] } as FormEdit) : null))
      .filter((e): e is FormEdit => e !== null)
      .reverse();
    if (edits.length) form.apply(...edits);
  };
  if (placed.length === 0) return null;
  return (
    <div className="area-map-editor">
      <div className="area-map" role="group" aria-label="Area map" aria-describedby="area-map-help" ref={box}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          edgeTypes={EDGE_TYPES}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onDelete={onDelete}
          deleteKeyCode={['Delete', 'Backspace']}
          connectionMode={ConnectionMode.Loose}
          connectionRadius={40}
          colorMode={colorMode}
          fitView
          fitViewOptions={FIT}
          minZoom={0.2}
          preventScrolling={false}
          zoomOnScroll={false}
          nodesFocusable
          edgesFocusable
          proOptions={{ hideAttribution: true }}
          ariaLabelConfig={{
            'node.a11yDescription.default': 'Press Enter or Space to select this Area; then the arrow keys move it and Delete removes it.',
            'edge.a11yDescription.default': 'Press Enter or Space to select this link; then Delete removes it.',
          }}
        >
          <Background gap={25} />
          <Controls showInteractive={false} />
          <FitOnResize box={box} />
        </ReactFlow>
      </div>
      <p id="area-map-help" className="hint">
        Drag an Area to place it (saved as its <code>layout</code>). Drag from the dot under an Area onto another to add a link; select an Area or a link and press Delete to remove it. With the keyboard: Tab to an Area, Enter to select it, arrow keys to move it; add or remove links below.
      </p>
      <AreaLinkForm areas={form.data.areas} onAdd={addLink} onRemove={(links) => form.apply(...removalEdits(form.data.areas, links, []))} onReset={resetLayout} />
    </div>
  );
}
