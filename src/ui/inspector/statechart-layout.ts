/**
 * Lays a statechart out with ELK (layered, nested compound states, labelled edges) and returns
 * absolute coordinates ready to draw in one SVG.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import type { Statechart, StatechartEdge, StatechartNode } from './statechart-model';

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

export interface LaidOutState extends Box {
  state: StatechartNode;
  depth: number;
}

/** The dot of a compound state pointing at the child it enters first. */
export interface LaidOutInitialMarker extends Box {
  id: string;
  parentId: string;
}

export interface LaidOutEdge {
  id: string;
  /** The transition, or null for the arrow from an initial marker. */
  edge: StatechartEdge | null;
  points: Point[];
  label: (Box & { text: string }) | null;
}

export interface StatechartLayout {
  width: number;
  height: number;
  states: LaidOutState[];
  initialMarkers: LaidOutInitialMarker[];
  edges: LaidOutEdge[];
}

/** Text is measured by estimate: the SVG uses a fixed font size, so a per-character width is close enough. */
const STATE_FONT_CHAR_WIDTH = 7.4;
const EDGE_FONT_CHAR_WIDTH = 6.4;
const STATE_HEIGHT = 34;
const HEADER_HEIGHT = 28;
const MARKER_SIZE = 12;

const INITIAL_SUFFIX = '::initial';

let sharedElk: InstanceType<typeof ELK> | null = null;

/** Laying out a large machine takes seconds: each definition is laid out once per page. */
const layouts = new WeakMap<Statechart, Promise<StatechartLayout>>();

export function layoutStatechart(chart: Statechart): Promise<StatechartLayout> {
  let layout = layouts.get(chart);
  if (!layout) {
    layout = computeLayout(chart);
    layouts.set(chart, layout);
  }
  return layout;
}

async function computeLayout(chart: Statechart): Promise<StatechartLayout> {
  sharedElk ??= new ELK();
  const graph: ElkNode = {
    id: '::canvas',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [elkNodeOf(chart.root)],
    // The root's own actions-only transitions would loop around the whole chart: the inspector lists them instead.
    edges: [...chart.edges.filter((edge) => !isRootSelfLoop(chart, edge)).map(elkEdgeOf), ...initialEdgesOf(chart.root)],
  };
  const laidOut = await sharedElk.layout(graph);
  return collect(chart, laidOut);
}

function elkNodeOf(state: StatechartNode): ElkNode {
  const labelWidth = textWidth(stateLabel(state), STATE_FONT_CHAR_WIDTH) + 24;
  if (state.children.length === 0) return { id: state.id, width: Math.max(64, labelWidth), height: STATE_HEIGHT };
  const marker: ElkNode[] = state.initialChildId ? [{ id: state.id + INITIAL_SUFFIX, width: MARKER_SIZE, height: MARKER_SIZE }] : [];
  return {
    id: state.id,
    layoutOptions: {
      'elk.padding': `[top=${HEADER_HEIGHT + 8},left=12,bottom=12,right=12]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${labelWidth}, ${HEADER_HEIGHT + 20})`,
    },
    children: [...marker, ...state.children.filter((child) => child.kind !== 'history').map(elkNodeOf)],
  };
}

function elkEdgeOf(edge: StatechartEdge): ElkExtendedEdge {
  const text = edgeLabel(edge);
  const label: ElkLabel = { id: `${edge.id}::label`, text, width: textWidth(text, EDGE_FONT_CHAR_WIDTH), height: 14 };
  return { id: edge.id, sources: [edge.sourceId], targets: [edge.targetId], labels: [label] };
}

function initialEdgesOf(state: StatechartNode): ElkExtendedEdge[] {
  const own: ElkExtendedEdge[] = state.initialChildId
    ? [{ id: `${state.id}${INITIAL_SUFFIX}::edge`, sources: [state.id + INITIAL_SUFFIX], targets: [state.initialChildId] }]
    : [];
  return [...own, ...state.children.flatMap(initialEdgesOf)];
}

/** A transition of the machine itself that changes no state (handled in every state). */
export function isRootSelfLoop(chart: Statechart, edge: StatechartEdge): boolean {
  return edge.sourceId === chart.root.id && edge.targetId === chart.root.id;
}

/** What a state box says: its key, its tags in brackets. */
export function stateLabel(state: StatechartNode): string {
  return state.tags.length ? `${state.key} [${state.tags.join(', ')}]` : state.key;
}

/** What an edge says: the event, and its guard in brackets. */
export function edgeLabel(edge: StatechartEdge): string {
  return edge.guard ? `${edge.label} [${edge.guard}]` : edge.label;
}

function textWidth(text: string, charWidth: number): number {
  return Math.ceil(text.length * charWidth);
}

function collect(chart: Statechart, laidOut: ElkNode): StatechartLayout {
  const statesById = new Map<string, StatechartNode>();
  const index = (state: StatechartNode) => {
    statesById.set(state.id, state);
    state.children.forEach(index);
  };
  index(chart.root);
  const edgesById = new Map(chart.edges.map((edge) => [edge.id, edge]));

  const states: LaidOutState[] = [];
  const initialMarkers: LaidOutInitialMarker[] = [];
  const visit = (node: ElkNode, depth: number) => {
    const box = boxOf(node);
    if (node.id.endsWith(INITIAL_SUFFIX)) {
      initialMarkers.push({ id: node.id, parentId: node.id.slice(0, -INITIAL_SUFFIX.length), ...box });
    } else {
      const state = statesById.get(node.id);
      if (state) states.push({ state, depth, ...box });
    }
    node.children?.forEach((child) => visit(child, depth + 1));
  };
  laidOut.children?.forEach((child) => visit(child, 0));

  const edges = collectEdges(laidOut).map((edge): LaidOutEdge => {
    const section = edge.sections?.[0];
    const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [];
    const label = edge.labels?.[0];
    return {
      id: edge.id,
      edge: edgesById.get(edge.id) ?? null,
      points,
      label: label?.text ? { text: label.text, ...boxOf(label) } : null,
    };
  });
  return { width: laidOut.width ?? 0, height: laidOut.height ?? 0, states, initialMarkers, edges };
}

/** ELK may move an edge into the compound node that contains it; edges are gathered from everywhere. */
function collectEdges(node: ElkNode): ElkExtendedEdge[] {
  return [...(node.edges ?? []), ...(node.children ?? []).flatMap(collectEdges)];
}

function boxOf(shape: { x?: number; y?: number; width?: number; height?: number }): Box {
  return { x: shape.x ?? 0, y: shape.y ?? 0, width: shape.width ?? 0, height: shape.height ?? 0 };
}
