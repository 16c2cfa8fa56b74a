/**
 * The page machines' registry (ADR 009): for each page machine the host starts, its machine with
 * its live implementations and its input, made of what the page's URL gives (`args`), what the
 * browser keeps, the session and today's date. The composition root loads this module (and the page
 * host) when a page first asks for its machine; each machine's code loads when its page is entered.
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise, type PromiseActorLogic } from 'xstate';
import { pageHostMachine, type LoadedPage, type PageRequest } from '../machines/app/page-host.machine';
import type { PageMachineId, PageMachines } from '../machines/app/page-machines';
import type { cartMachine } from '../machines/cart/cart.machine';
import type { LinkRequestInput, LinkRequestOutput } from '../machines/link-request/link-request.machine';
import { selectIsSignedIn, type sessionMachine } from '../machines/session/session.machine';
import type { ActorRefFrom } from 'xstate';
import type { BrowserStorage } from '../services/storage/browser-storage';
import type { SearchNavigate } from '../services/history/step-url';
import type { SavedFormInput } from '../machines/account/saved-form.machine';
import type { accountFormActors } from '../services/account/account.actors';

export interface PageMachineDeps {
  client: ApolloClient<NormalizedCacheObject>;
  /** The router's navigate once it runs; null before. */
  navigator: () => SearchNavigate | null;
  session: ActorRefFrom<typeof sessionMachine>;
  /** The shop's cart: a restored cart link makes its cart the current one. */
  cart: ActorRefFrom<typeof cartMachine>;
  /** The browser's storage (where the cart id is kept, spec §9). */
  storage: BrowserStorage;
  /** This tab's storage (the lens wizard's kept choices, ADR 008). */
  tabStorage: BrowserStorage;
  storeCode: string;
  /** A full page load of a path. */
  assign: (path: string) => void;
  now: () => number;
}

/** Today as YYYY-MM-DD in the shopper's time zone (the exam-date rule). */
const todayOf = (now: () => number) => new Date(now()).toLocaleDateString('en-CA');

/** A link page's machine (spec §2 link routes): the link machine with the link's request, and the toast it raises once done. */
async function linkPage(request: Promise<PromiseActorLogic<LinkRequestOutput, { attempt: number }>>, input: LinkRequestInput = {}): Promise<LoadedPage> {
  const [{ linkRequestMachine }, logic] = await Promise.all([import('../machines/link-request/link-request.machine'), request]);
  return { logic: linkRequestMachine.provide({ actors: { request: logic } }), input };
}

/** The account pages' one-call forms (spec §7): each page machine is the saved-form machine with its mutation. */
const SAVED_FORMS = {
  nameForm: 'updateName',
  emailForm: 'updateEmail',
  passwordForm: 'changePassword',
  newsletterForm: 'updateNewsletter',
  contactForm: 'sendContactMessage',
  resetPasswordForm: 'resetPassword',
} as const satisfies Partial<Record<PageMachineId, keyof ReturnType<typeof accountFormActors>>>;

const savedForm =
  (form: keyof typeof SAVED_FORMS) =>
  async (deps: PageMachineDeps, args: SavedFormInput): Promise<LoadedPage> => {
    const [{ savedFormMachine }, { accountFormActors }] = await Promise.all([
      import('../machines/account/saved-form.machine'),
      import('../services/account/account.actors'),
    ]);
    const save = accountFormActors({ client: deps.client, now: deps.now })[SAVED_FORMS[form]];
    return { logic: savedFormMachine.provide({ actors: { save } }), input: args };
  };

type Registry = { [Id in PageMachineId]: (deps: PageMachineDeps, args: PageMachines[Id]['args']) => Promise<LoadedPage> };

const REGISTRY: Registry = {
  customise: async (deps, args) => {
    const [{ customiseMachine }, { customiseImplementations }, { keptWizardStore }] = await Promise.all([
      import('../machines/customise/customise.machine'),
      import('../services/customise/customise.actors'),
      import('../services/customise/kept-wizard'),
    ]);
    const kept = keptWizardStore(deps.tabStorage);
    const navigate: SearchNavigate = (to, options) => deps.navigator()?.(to, options);
    return {
      logic: customiseMachine.provide(customiseImplementations({ client: deps.client, navigate, kept })),
      // The sign-in state is read once: signing in on the way does not restart the wizard.
      input: { ...args, isSignedIn: selectIsSignedIn(deps.session.getSnapshot()), today: todayOf(deps.now), kept: args.step ? kept.read() : null },
    };
  },
  savedPrescriptions: async (deps) => {
    const [{ savedPrescriptionsMachine }, { savedPrescriptionsImplementations }] = await Promise.all([
      import('../machines/prescription/saved-prescriptions.machine'),
      import('../services/customise/prescription-pages.actors'),
    ]);
    return { logic: savedPrescriptionsMachine.provide(savedPrescriptionsImplementations({ client: deps.client })), input: { today: todayOf(deps.now) } };
  },
  prescriptionFix: async (deps, args) => {
    const [{ prescriptionFixMachine }, { prescriptionFixImplementations }] = await Promise.all([
      import('../machines/prescription/prescription-fix.machine'),
      import('../services/customise/prescription-pages.actors'),
    ]);
    return { logic: prescriptionFixMachine.provide(prescriptionFixImplementations({ client: deps.client })), input: { ...args, today: todayOf(deps.now) } };
  },
  tryOn: async (_deps, args) => {
    const [{ tryOnMachine }, { createTryOnEffects }] = await Promise.all([
      import('../machines/try-on/try-on.machine'),
      import('../services/try-on/try-on.actors'),
    ]);
    const effects = createTryOnEffects(args.elements, {
      // The tracking speed is for developers only (the machine inspector shows it too): the
      // console's verbose level, where the end-to-end speed test counts the detections.
      onMeasure: (measure) =>
        'loadMs' in measure
          ? console.info(`[try-on] models loaded in ${measure.loadMs} ms on ${measure.backend}`)
          : console.debug(`[try-on] detection in ${measure.detectMs} ms`),
    });
    return { logic: tryOnMachine.provide(effects), input: {} };
  },
  nameForm: savedForm('nameForm'),
  emailForm: savedForm('emailForm'),
  passwordForm: savedForm('passwordForm'),
  newsletterForm: savedForm('newsletterForm'),
  contactForm: savedForm('contactForm'),
  resetPasswordForm: savedForm('resetPasswordForm'),
  accountAlerts: async (deps) => {
    const [{ accountAlertsMachine }, { accountAlertsImplementations }] = await Promise.all([
      import('../machines/account/account-alerts.machine'),
      import('../services/account/account.actors'),
    ]);
    return { logic: accountAlertsMachine.provide(accountAlertsImplementations({ client: deps.client, now: deps.now })), input: undefined };
  },
  addressBook: async (deps) => {
    const [{ addressBookMachine }, { addressBookImplementations }] = await Promise.all([
      import('../machines/account/address-book.machine'),
      import('../services/account/account.actors'),
    ]);
    return { logic: addressBookMachine.provide(addressBookImplementations({ client: deps.client, now: deps.now })), input: undefined };
  },
  alertSubscription: ({ client, now }, { type, sku, parentSku }) =>
    linkPage(
      import('../services/alerts/product-alert.actors').then(({ subscribeAlertRequest }) => subscribeAlertRequest({ client, now }, type, { sku, parentSku })),
      // A subscribed alert is told in a toast ("Your alert is set up."), worded by the toast region.
      { doneToast: 'alertSubscribed' },
    ),
  alertUnsubscription: ({ client, now }, input) =>
    linkPage(import('../services/alerts/product-alert.actors').then(({ unsubscribeAlertRequest }) => unsubscribeAlertRequest({ client, now }, input))),
  cartRestore: (deps, { cart_id, token, isSignedIn }) =>
    linkPage(
      Promise.all([import('../services/abandoned-cart/abandoned-cart.actors'), import('../services/abandoned-cart/cart-adoption')]).then(
        ([{ restoreAbandonedCartRequest }, { shopCartAdoption }]) =>
          restoreAbandonedCartRequest(
            { client: deps.client, now: deps.now, adoption: shopCartAdoption({ ...deps, loadPage: deps.assign }) },
            { cart_id, token },
            isSignedIn,
          ),
      ),
    ),
};

/** The machine of a request, with its input; a page machine the registry does not know is a wiring bug. */
export function loadPageMachine(deps: PageMachineDeps, request: PageRequest): Promise<LoadedPage> {
  const load = REGISTRY[request.systemId as PageMachineId] as ((deps: PageMachineDeps, args: unknown) => Promise<LoadedPage>) | undefined;
  if (!load) return Promise.reject(new Error(`No page machine is registered as '${request.systemId}'.`));
  return load(deps, request.args);
}

/** The page host with the live registry. */
export function livePageHost(deps: PageMachineDeps) {
  return pageHostMachine.provide({ actors: { loadPage: fromPromise<LoadedPage, PageRequest>(({ input }) => loadPageMachine(deps, input)) } });
}
