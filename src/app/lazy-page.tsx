import { Component, createContext, lazy, useContext, type ComponentType, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { selectIsOnline } from '../machines/app/app.machine';
import { useShopActors } from '../ui/app/shop-actors';
import { useBrowserSelector } from '../ui/app/use-browser-selector';
import { errorMessages } from '../ui/shared/error-messages';

/**
 * Lazily loaded pages whose code cannot load (ADR 007: offline, a chunk the worker never cached).
 * The one place both of Vite's failures arrive: its `vite:preloadError` is left unprevented, so a
 * CSS or JS preload that fails rejects the page's import exactly like a failed `import()` does.
 */

const FAILED_CSS = /^Unable to preload CSS for (\S+)$/;
/** Stylesheets whose preload failed: Vite never asks for a href twice, so a retry links them again. */
const failedStyles = new Set<string>();

function relinkFailedStyles(): Promise<unknown> {
  const hrefs = [...failedStyles];
  failedStyles.clear();
  return Promise.all(
    hrefs.map(
      (href) =>
        new Promise<void>((resolve, reject) => {
          for (const stale of document.querySelectorAll(`link[rel="stylesheet"][href="${href}"]`)) stale.remove();
          const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
          link.onload = () => resolve();
          link.onerror = () => {
            failedStyles.add(href);
            reject(new Error(`Unable to preload CSS for ${href}`));
          };
          document.head.appendChild(link);
        }),
    ),
  );
}

/**
 * Which showing of a page boundary a page renders in: each boundary mounted, and each reset when
 * the connection came back, is a new one. Only unique numbers matter.
 */
let showings = 0;
const nextShowing = () => ++showings;
const Showing = createContext(0);

/**
 * A page's lazily loaded component. React keeps a lazy component's rejection, so a failed load is
 * replaced by a fresh one in the next showing of a boundary (a page mounted again, or the
 * connection back), which asks for the chunk again; the showing that failed keeps its failure.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = (showing: number) => {
    const entry = {
      showing,
      failed: false,
      component: lazy(async () => {
        try {
          await relinkFailedStyles();
          return { default: await load() };
        } catch (error) {
          const css = error instanceof Error ? FAILED_CSS.exec(error.message) : null;
          if (css?.[1]) failedStyles.add(css[1]);
          entry.failed = true;
          throw error;
        }
      }),
    };
    return entry;
  };
  let current: ReturnType<typeof attempt> | null = null;
  return function LazyPage(props: P) {
    const showing = useContext(Showing);
    if (current === null || (current.failed && current.showing !== showing)) current = attempt(showing);
    const Current = current.component;
    return <Current {...props} />;
  };
}

interface BoundaryProps {
  online: boolean;
  failure: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  online: boolean;
  showing: number;
}

/** Spec §8 "Generic" in place of a page that threw; a new showing when the connection comes back. */
class PageBoundary extends Component<BoundaryProps, BoundaryState> {
  override state = { failed: false, online: this.props.online, showing: nextShowing() };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> {
    const back = state.failed && props.online && !state.online;
    return back ? { online: true, failed: false, showing: nextShowing() } : { online: props.online };
  }
  override render() {
    return this.state.failed ? this.props.failure : <Showing.Provider value={this.state.showing}>{this.props.children}</Showing.Provider>;
  }
}

/** A page that could not load shows the shop's words (spec §8 "Generic") beside the offline indicator, never a blank page. */
export function PageFailureBoundary({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { app } = useShopActors();
  const online = useBrowserSelector(app, selectIsOnline, true);
  // Each page its own boundary: a failure does not follow the shopper to the next page.
  const { pathname } = useLocation();
  const failure = (
    <section role="alert">
      <h1>{intl.formatMessage(errorMessages.generic)}</h1>
    </section>
  );
  return (
    <PageBoundary key={pathname} online={online} failure={failure}>
      {children}
    </PageBoundary>
  );
}
