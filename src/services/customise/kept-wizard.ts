/**
 * The lens wizard's choices kept for a reload (ADR 008): in the tab's session storage, under the
 * wizard's place (its path and query, without the step), for a few hours. The wizard writes them on
 * each step it enters; the page reads them when the URL names a step.
 */
import { STEP_PARAM } from '../../machines/shared/step-history';
import type { KeptWizard } from '../../machines/customise/customise.types';
import { createBrowserStorage, type BrowserStorage } from '../storage/browser-storage';
import { browserLocation, type CurrentLocation } from '../history/step-url';

/** Seconds the kept choices are good for. */
export const KEPT_WIZARD_TTL_S = 4 * 60 * 60;

/** The wizard's place: its path and query without the step. */
export function wizardPlaceOf(location: Pick<Location, 'pathname' | 'search'>): string {
  const params = new URLSearchParams(location.search);
  params.delete(STEP_PARAM);
  params.sort();
  return `lensWizard:${location.pathname}?${params.toString()}`;
}

function sessionBacking(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage refused (privacy settings): nothing is kept
  }
}

export function keptWizardStore(storage: BrowserStorage = createBrowserStorage(sessionBacking()), location: CurrentLocation = browserLocation) {
  return {
    read: (): KeptWizard | null => {
      const here = location();
      return here ? (storage.getItem<KeptWizard>(wizardPlaceOf(here)) ?? null) : null;
    },
    /** The machine's `keepChoices` action. */
    keep: (_: unknown, kept: KeptWizard) => {
      const here = location();
      if (here) storage.setItem(wizardPlaceOf(here), kept, KEPT_WIZARD_TTL_S);
    },
  };
}
