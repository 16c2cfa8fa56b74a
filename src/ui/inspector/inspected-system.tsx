import { createContext, useContext, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import type { InspectionLog } from './inspection-log';
import { MachineInspector } from './machine-inspector';

/** Running actors by name, and the log their system's events are recorded in (set up by Storybook). */
export interface InspectedSystem {
  actors: Record<string, AnyActorRef>;
  log: InspectionLog;
}

const InspectedSystemContext = createContext<InspectedSystem | null>(null);

export function InspectedSystemProvider({ system, children }: { system: InspectedSystem; children: ReactNode }) {
  return <InspectedSystemContext.Provider value={system}>{children}</InspectedSystemContext.Provider>;
}

export function useInspectedSystem(): InspectedSystem {
  const system = useContext(InspectedSystemContext);
  if (!system) throw new Error('useInspectedSystem must be used inside <InspectedSystemProvider>');
  return system;
}

/** The inspector of one named actor of the surrounding system, as a page of its own. */
export function InspectedMachine({ name }: { name: string }) {
  const { actors, log } = useInspectedSystem();
  const actor = actors[name];
  if (!actor) throw new Error(`No running actor named "${name}"; running: ${Object.keys(actors).join(', ')}`);
  return (
    <main style={{ padding: '1rem' }}>
      <h1 style={{ fontSize: '1.25rem', margin: '0 0 0.75rem' }}>Machine inspector</h1>
      <MachineInspector actor={actor} log={log} name={name} />
    </main>
  );
}
