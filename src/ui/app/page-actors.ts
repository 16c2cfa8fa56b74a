import { useSelector } from '@xstate/react';
import { use, useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { selectPageActor, selectPageFailed } from '../../machines/app/page-host.machine';
import { LINK_PAGE_MACHINES, type PageMachineId, type PageMachines } from '../../machines/app/page-machines';
import { useShopActors } from './shop-actors';

/** A page machine whose code could not load (offline): the page's failure boundary shows it and tries again (ADR 007). */
export class PageMachineLoadError extends Error {
  constructor(systemId: string) {
    super(`The page machine '${systemId}' could not load.`);
    this.name = 'PageMachineLoadError';
  }
}

/**
 * The running machine of the page shown (ADR 009), or null while its code loads. The page says
 * which machine it needs and what its URL gives it; the page host (a child of the shop's root
 * machine) starts the machine with its live implementations, in the shop's actor system, and stops
 * it when the route is left. The same `key` (by default, the args) keeps the running machine
 * (React's strict mode mounts a page twice); another key is another flow, so another machine. A
 * link's machine (`LINK_PAGE_MACHINES`) stays for the page load, one per key.
 * Telling the host that the page is shown is this hook's only effect: the browser's page, as an event.
 */
export function usePageActor<Id extends PageMachineId>(
  systemId: Id,
  args: PageMachines[Id]['args'],
  key: string = JSON.stringify(args),
): PageMachines[Id]['actor'] | null {
  const host = use(useShopActors().loadPages());
  const { pathname } = useLocation();
  // The args as this render has them: what is not in the key (the wizard's step) is read when the page is entered.
  const enter = useEffectEvent(() => host.send({ type: 'pages.entered', page: { systemId, key, pathname, args, stays: LINK_PAGE_MACHINES.has(systemId) } }));
  useEffect(() => enter(), [host, systemId, key, pathname]);
  const failed = useSelector(host, (s) => selectPageFailed(s, systemId, key));
  const actor = useSelector(host, (s) => selectPageActor(s, systemId, key));
  if (failed) throw new PageMachineLoadError(systemId);
  return actor as PageMachines[Id]['actor'] | null;
}
