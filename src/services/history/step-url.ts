/**
 * The live `showStep` of a machine whose steps are browser history entries (ADR 008): the URL's
 * `?step=` changes through the router (so its location follows), in a new entry or in place of the
 * current one, every other parameter kept. Back and Forward come back to the machine from the
 * page's popstate listener (`useStepHistory`).
 */
import { searchWithStep, type StepMove } from '../../machines/shared/step-history';

/** The router's navigate, for a change of the search only. */
export type SearchNavigate = (to: { search: string }, options: { replace: boolean }) => void;

/** Where the browser is (null: no browser, e.g. a server render). */
export type CurrentLocation = () => Pick<Location, 'pathname' | 'search'> | null;

export const browserLocation: CurrentLocation = () => (typeof window === 'undefined' ? null : window.location);

/** The action: the URL shows the step the machine entered; nothing when it shows it already. */
export function showStepInUrl(
  navigate: () => SearchNavigate | null,
  location: CurrentLocation = browserLocation,
  onPath: (pathname: string) => boolean = () => true,
) {
  return (_: unknown, move: StepMove<string> | null) => {
    const here = location();
    const go = navigate();
    if (!move || !here || !go || !onPath(here.pathname)) return;
    const search = searchWithStep(here.search, move.step);
    if (search !== here.search) go({ search }, { replace: move.replace });
  };
}
