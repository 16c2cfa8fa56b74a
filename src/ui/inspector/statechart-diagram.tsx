import { useEffect, useId, useRef, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import styles from './inspector.module.css';
import { edgeLabel, stateLabel, type LaidOutEdge, type LaidOutState, type StatechartLayout, layoutStatechart } from './statechart-layout';
import { statechartOf } from './statechart-model';

export interface StatechartDiagramProps {
  machine: AnyStateMachine;
  /** Ids of the active state nodes (every level). */
  activeIds: ReadonlySet<string>;
  /** The state value in words, for the diagram's accessible name. */
  description: string;
}

type LayoutState = { status: 'laying out' } | { status: 'ready'; layout: StatechartLayout } | { status: 'failed'; message: string };

const ZOOM_STEPS = [0.25, 0.4, 0.6, 0.8, 1, 1.25, 1.5];

/** The machine's statechart drawn in SVG, active states highlighted; scrollable and zoomable. */
export function StatechartDiagram({ machine, activeIds, description }: StatechartDiagramProps) {
  const [layoutState, setLayoutState] = useState<{ machine: AnyStateMachine; state: LayoutState } | null>(null);
  const [zoomIndex, setZoomIndex] = useState(3);
  const titleId = useId();
  const canvasRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    layoutStatechart(statechartOf(machine)).then(
      (layout) => live && setLayoutState({ machine, state: { status: 'ready', layout } }),
      (error: unknown) => live && setLayoutState({ machine, state: { status: 'failed', message: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      live = false;
    };
  }, [machine]);
  const current: LayoutState = layoutState?.machine === machine ? layoutState.state : { status: 'laying out' };
  const zoom = ZOOM_STEPS[zoomIndex] ?? 1;
  const layout = current.status === 'ready' ? current.layout : null;
  // Large charts scroll: bring the current (innermost) state into view when it changes.
  useEffect(() => {
    const canvas = canvasRef.current;
    const leaf = layout?.states.find((state) => activeIds.has(state.state.id) && !state.state.children.some((child) => activeIds.has(child.id)));
    if (!canvas || !leaf) return;
    const [left, top, right, bottom] = [leaf.x * zoom, leaf.y * zoom, (leaf.x + leaf.width) * zoom, (leaf.y + leaf.height) * zoom];
    const visible =
      left >= canvas.scrollLeft &&
      right <= canvas.scrollLeft + canvas.clientWidth &&
      top >= canvas.scrollTop &&
      bottom <= canvas.scrollTop + canvas.clientHeight;
    if (visible) return;
    canvas.scrollLeft = Math.max(0, left - 48);
    canvas.scrollTop = Math.max(0, top - 48);
  }, [layout, activeIds, zoom]);
  if (current.status === 'laying out')
    return (
      <p role="status" className={styles.note}>
        Laying out the {machine.id} statechart…
      </p>
    );
  if (current.status === 'failed')
    return (
      <p role="alert" className={styles.error}>
        The {machine.id} statechart could not be laid out: {current.message}
      </p>
    );
  const { layout: drawn } = current;
  return (
    <div className={styles.diagram}>
      <div className={styles.toolbar} role="group" aria-label="Zoom">
        <button type="button" onClick={() => setZoomIndex((i) => Math.max(0, i - 1))} disabled={zoomIndex === 0}>
          Zoom out
        </button>
        <span aria-live="polite">{Math.round(zoom * 100)} %</span>
        <button type="button" onClick={() => setZoomIndex((i) => Math.min(ZOOM_STEPS.length - 1, i + 1))} disabled={zoomIndex === ZOOM_STEPS.length - 1}>
          Zoom in
        </button>
      </div>
      {/* The scrolling box takes keyboard focus so the drawing can be scrolled without a mouse. */}
      <div ref={canvasRef} className={styles.canvas} tabIndex={0} role="region" aria-labelledby={titleId}>
        <svg
          role="img"
          aria-labelledby={titleId}
          width={drawn.width * zoom}
          height={drawn.height * zoom}
          viewBox={`0 0 ${drawn.width} ${drawn.height}`}
          data-machine-statechart={machine.id}
        >
          <title id={titleId}>{`Statechart of ${machine.id}, in ${description}`}</title>
          <defs>
            <marker id={`${titleId}-arrow`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className={styles.arrowHead} />
            </marker>
          </defs>
          {drawn.states.map((state) => (
            <StateBox key={state.state.id} state={state} active={activeIds.has(state.state.id)} />
          ))}
          {drawn.initialMarkers.map((marker) => (
            <circle key={marker.id} cx={marker.x + marker.width / 2} cy={marker.y + marker.height / 2} r={marker.width / 2} className={styles.initialMarker} />
          ))}
          {drawn.edges.map((edge) => (
            <Transition key={edge.id} edge={edge} arrowId={`${titleId}-arrow`} fromActive={edge.edge !== null && activeIds.has(edge.edge.sourceId)} />
          ))}
        </svg>
      </div>
    </div>
  );
}

function StateBox({ state, active }: { state: LaidOutState; active: boolean }) {
  const { x, y, width, height } = state;
  const compound = state.state.children.length > 0;
  // An active compound state is outlined, not filled, so its children stay readable.
  const classes = [styles.state, compound ? styles.compoundState : '', active ? (compound ? styles.activeCompoundState : styles.activeState) : ''].join(' ');
  return (
    <g data-state-id={state.state.id} data-active={active || undefined}>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={compound ? 10 : 8}
        className={classes}
        strokeDasharray={state.state.kind === 'parallel' ? '6 4' : undefined}
      />
      {state.state.kind === 'final' && <rect x={x + 3} y={y + 3} width={width - 6} height={height - 6} rx={6} className={styles.finalInner} />}
      <text x={x + 10} y={compound ? y + 18 : y + height / 2 + 4} className={active ? styles.activeStateLabel : styles.stateLabel}>
        {stateLabel(state.state)}
      </text>
      {state.state.invokes.length > 0 && !compound && <title>{`invokes ${state.state.invokes.join(', ')}`}</title>}
    </g>
  );
}

function Transition({ edge, arrowId, fromActive }: { edge: LaidOutEdge; arrowId: string; fromActive: boolean }) {
  if (edge.points.length < 2) return null;
  const d = edge.points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');
  return (
    <g className={fromActive ? styles.activeTransition : styles.transition} data-event={edge.edge?.eventType}>
      <path d={d} fill="none" markerEnd={`url(#${arrowId})`} />
      {edge.label && edge.edge && (
        <text x={edge.label.x} y={edge.label.y + edge.label.height - 3} className={styles.transitionLabel}>
          {edgeLabel(edge.edge)}
        </text>
      )}
    </g>
  );
}
