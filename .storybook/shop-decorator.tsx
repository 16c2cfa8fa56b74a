/**
 * The shop decorator: every story renders inside the real providers — Apollo on the embedded
 * backend (mounted in the Storybook server), messages for the story's locale, a router at the
 * story's route — with EVERY machine of the machine catalog running in one actor system.
 *
 * ## How a story says which machine states it shows (every state of every machine has a story)
 *
 * 1. `parameters.shop.machines.<machine id> = { value, context, events }` puts that machine in a
 *    state: `value` + `context` are restored with `machine.resolveState`, then `events` are sent.
 *    The story SHOWS every state node active in the result (leaf and ancestors), e.g.
 *    `machines: { cart: { value: { addingItem: 'mutating' } } }` shows `cart.addingItem` and
 *    `cart.addingItem.mutating`.
 * 2. `parameters.machineStates: ['cart.ready', ...]` lists states a story shows by other means
 *    (`<machine id>.<state path>`).
 * 3. `parameters.shop.fromArgs(args, params)` turns the story's args (its Controls: a price, a
 *    name, a stock status) into the parameters it shows; the machines start again on each change.
 *
 * Machines a story does not name still run (the store view in `ready`, the others from their
 * start state) but do not count as shown. tests/unit/story-coverage.test.ts fails naming every
 * state of every machine that no story shows.
 *
 * Effects never settle and timers never fire: a story shows a state, it does not move on by itself.
 * The actors are handed to views through `ShopActorsProvider` (keys = machine ids) and, with the
 * event log of their system, to the machine inspector through `InspectedSystemProvider`.
 */
import { ApolloProvider } from '@apollo/client';
import type { Decorator, Loader } from '@storybook/react-vite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { createActor } from 'xstate';
import { livePageHost } from '../src/app/page-machines';
import type { PageHostActor } from '../src/machines/app/page-host.machine';
import { createBrowserStorage, pageLocalStorage } from '../src/services/storage/browser-storage';
import { readImagesBySku } from '../src/services/images/images-by-sku';
import { createApolloClient } from '../src/services/apollo/apollo-client';
import { loadMessages, messagesAtOnce, type Messages } from '../src/services/i18n/messages';
import { loadShopFailureWords } from '../src/ui/shared/shop-failure-text';
import { ShopActorsProvider, type ShopActors } from '../src/ui/app/shop-actors';
import { InspectedSystemProvider } from '../src/ui/inspector/inspected-system';
import { createInspectionLog } from '../src/ui/inspector/inspection-log';
import { startStoryMachines, type ShopStoryParameters } from './story-machines';

export type { MachineStory, MachineStoryParameters, ShopStoryParameters } from './story-machines';

const NO_SHOP_PARAMETERS: ShopStoryParameters = {};

const shopParameters = (parameters: Record<string, unknown>) => (parameters.shop as ShopStoryParameters | undefined) ?? NO_SHOP_PARAMETERS;

/**
 * The story's messages, loaded before it renders (a Storybook loader): the first render already has
 * every provider, so a play function finds the story's content at once instead of an empty frame.
 */
export const loadShopMessages: Loader = async ({ parameters }) => {
  // The words of the shop's own failures too (the app loads them where one is first shown).
  const [shopMessages] = await Promise.all([loadMessages(shopParameters(parameters).locale ?? 'en-CA'), loadShopFailureWords()]);
  return { shopMessages };
};

export const withShop: Decorator = (Story, { parameters, loaded, args }) => (
  <ShopStoryProviders params={shopParameters(parameters)} args={args} messages={(loaded as { shopMessages?: Messages }).shopMessages}>
    <Story />
  </ShopStoryProviders>
);

interface ShopStoryProvidersProps {
  params: ShopStoryParameters;
  args: Record<string, unknown>;
  messages: Messages | undefined;
  children: ReactNode;
}

function ShopStoryProviders({ params: storyParams, args, messages: loadedMessages, children }: ShopStoryProvidersProps) {
  // Args put into the machines (`parameters.shop.fromArgs`): the same parameters object while the args stay the same.
  const argsKey = storyParams.fromArgs ? JSON.stringify(args) : '';
  const params = useMemo(
    () => (storyParams.fromArgs ? storyParams.fromArgs(JSON.parse(argsKey) as Record<string, unknown>, storyParams) : storyParams),
    [storyParams, argsKey],
  );
  const locale = params.locale ?? 'en-CA';
  const storeCode = params.storeCode ?? 'ca';
  const client = useMemo(() => createApolloClient({ uri: `${window.location.origin}/graphql`, storeCode, getToken: () => null }), [storeCode]);
  // Started once per story (its parameters object): the actors live as long as the story is shown.
  const system = useMemo(() => {
    const log = createInspectionLog();
    const { actors, host } = startStoryMachines(params, { log });
    return { log, actors, host };
  }, [params]);
  // The checkout the story started, handed out as the shop does (ADR 004: `loadCheckout`), as a promise
  // already marked settled so React's `use` reads it at once and the story never suspends.
  // The page host (ADR 009) with the shop's registry, on the story's client: a page rendered whole (a
  // link on the seeded data) gets its live machine as in the shop. A system of its own: the story's
  // system runs every catalog machine under its systemId already, the page machines' included.
  const { actors, stopPages } = useMemo(() => {
    const settled = <T,>(value: T) => Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
    const checkout = settled(system.actors.checkout);
    let pages: ReturnType<typeof settled<PageHostActor>> | null = null;
    const storedImages = () => readImagesBySku(createBrowserStorage(pageLocalStorage()));
    const loadPages = () =>
      (pages ??= settled(
        createActor(
          livePageHost({
            client,
            navigator: () => null,
            session: system.actors.session as ShopActors['session'],
            cart: system.actors.cart as ShopActors['cart'],
            storage: createBrowserStorage(pageLocalStorage()),
            tabStorage: createBrowserStorage(null),
            storeCode,
            // A story never loads another page: the restored cart is adopted by the story's cart in place.
            assign: () => undefined,
            now: Date.now,
          }),
        ).start(),
      ));
    return {
      // The pictures the cart kept, read as the shop reads them (spec §9 imagesBySku).
      actors: { ...system.actors, loadCheckout: () => checkout, loadPages, storedImages } as unknown as ShopActors,
      stopPages: () => pages?.value.stop(),
    };
  }, [system, client, storeCode]);
  // …and its page machines with it.
  useEffect(() => stopPages, [stopPages]);
  // A story left behind stops its machines: nothing of it asks the backend while the next one shows.
  useEffect(() => () => system.host.stop(), [system]);
  // Stories rendered without the preview's loader (a test composing a story by hand) load them here.
  const [lateMessages, setLateMessages] = useState<Messages | null>(() => messagesAtOnce(locale));
  useEffect(() => {
    if (!loadedMessages) void loadMessages(locale).then(setLateMessages);
  }, [locale, loadedMessages]);
  const messages = loadedMessages ?? lateMessages;
  if (!messages) return <></>;
  return (
    <ApolloProvider client={client}>
      {/* Keys of ShopActors are the machine ids of the catalog (each actor's systemId). */}
      <ShopActorsProvider actors={actors}>
        <InspectedSystemProvider system={system}>
          <IntlProvider locale={locale} defaultLocale="en-CA" messages={messages}>
            <MemoryRouter initialEntries={[params.route ?? '/']}>{children}</MemoryRouter>
          </IntlProvider>
        </InspectedSystemProvider>
      </ShopActorsProvider>
    </ApolloProvider>
  );
}
