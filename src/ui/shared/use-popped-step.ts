import { useEffect } from 'react';
import { stepOfSearch } from '../../machines/shared/step-history';

/**
 * Back and Forward between a flow's steps (ADR 008): the browser's `popstate`, told to the flow's
 * machine as the step the URL now names. A bridge from the browser to an event (ADR 010): the machine
 * decides whether that step opens. The machine's own entries (pushState) fire no popstate.
 * `onStep` must be stable (useCallback).
 */
export function usePoppedStep<S extends string>(steps: readonly S[], onStep: (step: S) => void) {
  useEffect(() => {
    const onPop = () => {
      const step = stepOfSearch(new URLSearchParams(window.location.search), steps);
      if (step) onStep(step);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [steps, onStep]);
}
