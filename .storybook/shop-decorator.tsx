import { ApolloProvider } from '@apollo/client';
import type { Decorator } from '@storybook/react-vite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { createActor, fromPromise, type AnyStateMachine, type EventFromLogic, type StateValue } from 'xstate';
import { storeViewMachine, type StoreViewInput } from '../src/machines/store-view/store-view.machine';
import { createApolloClient } from '../src/services/apollo/apollo-client';
import { loadMessages, type Messages } from '../src/services/i18n/messages';
import { STORE_CODES } from '../src/services/store-view/store-views';
import { ShopActorsProvider, type ShopActors } from '../src/ui/app/shop-actors';

/** How a story puts a machine in the state it shows: a snapshot (state value + context), or events. */
export interface MachineStory<TMachine extends AnyStateMachine> {
  value?: StateValue;
  context?: Partial<TMachine extends { config: { context?: infer C } } ? C : Record<string, unknown>>;
  events?: EventFromLogic<TMachine>[];
}

export interface ShopStoryParameters {
  /** Path inside the store, e.g. `/cart`. */
  route?: string;
  /** BCP 47 locale for messages and formats. */
  locale?: string;
  storeCode?: string;
  machines?: {
    storeView?: MachineStory<typeof storeViewMachine>;
  };
}

/** Effects that never settle: a story shows a state, it does not move on by itself. */
const pending = () => fromPromise(() => new Promise<never>(() => {}));

function startActor<T extends AnyStateMachine>(machine: T, input: unknown, story: MachineStory<T> | undefined) {
  const snapshot = story?.value === undefined ? undefined : machine.resolveState({ value: story.value, context: { ...createActor(machine, { input }).getSnapshot().context, ...story.context } });
  const actor = createActor(machine, { input, ...(snapshot ? { snapshot } : {}) });
  actor.start();
  for (const event of story?.events ?? []) actor.send(event);
  return actor;
}

function storyActors(params: ShopStoryParameters): ShopActors {
  const storeCode = params.storeCode ?? 'ca';
  const input: StoreViewInput = { knownCodes: STORE_CODES, defaultCode: 'ca', pathname: `/${storeCode}/`, stored: { code: storeCode, currency: 'CAD', secureBaseMediaUrl: '/media/' } };
  const storeView = startActor(
    storeViewMachine.provide({ actors: { fetchStoreViews: pending(), fetchStoreConfig: pending() }, actions: { saveStoreView: () => {}, reloadAt: () => {} } }),
    input,
    params.machines?.storeView ?? { value: 'ready', context: { storeCode, locale: params.locale ?? 'en-CA', currency: 'CAD' } },
  );
  return { storeView };
}

/**
 * Every story renders inside the real providers: Apollo on the embedded backend (mounted in the
 * Storybook server), messages for the story's locale, a router at the story's route, and the
 * machines started from the story's snapshot.
 */
export const withShop: Decorator = (Story, { parameters }) => (
  <ShopStoryFrame params={(parameters.shop ?? {}) as ShopStoryParameters}>
    <Story />
  </ShopStoryFrame>
);

function ShopStoryFrame({ params, children }: { params: ShopStoryParameters; children: ReactNode }) {
  const locale = params.locale ?? 'en-CA';
  const storeCode = params.storeCode ?? 'ca';
  const client = useMemo(() => createApolloClient({ uri: `${window.location.origin}/graphql`, storeCode, getToken: () => null }), [storeCode]);
  const actors = useMemo(() => storyActors(params), [params]);
  const [messages, setMessages] = useState<Messages | null>(null);
  useEffect(() => {
    void loadMessages(locale).then(setMessages);
  }, [locale]);
  if (!messages) return <></>;
  return (
    <ApolloProvider client={client}>
      <ShopActorsProvider actors={actors}>
        <IntlProvider locale={locale} defaultLocale="en-CA" messages={messages}>
          <MemoryRouter initialEntries={[params.route ?? '/']}>{children}</MemoryRouter>
        </IntlProvider>
      </ShopActorsProvider>
    </ApolloProvider>
  );
}
