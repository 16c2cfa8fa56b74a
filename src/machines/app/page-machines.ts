/**
 * The page machines the page host starts (ADR 009), by systemId: what a page's URL gives each one
 * (`args`; the composition root's registry, `src/app/page-machines.ts`, makes its input of them
 * with what the browser keeps, the session and today's date) and the running actor its view gets.
 * A link's machine stays for the page load, one per link (`LINK_PAGE_MACHINES`).
 */
import type { ActorRefFrom } from 'xstate';
import type { AccountAlertsActor } from '../account/account-alerts.machine';
import type { AddressBookActor } from '../account/address-book.machine';
import type { SavedFormActor, SavedFormInput } from '../account/saved-form.machine';
import type { customiseMachine } from '../customise/customise.machine';
import type { AbandonedCartLink, AlertSubscribeRequest, AlertType, AlertUnsubscribeInput } from '../link-request/link-args';
import type { LinkRequestActor } from '../link-request/link-request.machine';
import type { CustomiseInput } from '../customise/customise.types';
import type { prescriptionFixMachine } from '../prescription/prescription-fix.machine';
import type { savedPrescriptionsMachine } from '../prescription/saved-prescriptions.machine';
import type { TryOnElements, tryOnMachine } from '../try-on/try-on.machine';

/** A one-call form of the account pages (spec §7, ADR 009): the values it starts with and what a save does besides. */
interface SavedFormPage {
  args: SavedFormInput;
  actor: SavedFormActor;
}

export interface PageMachines {
  /** The lens wizard (`/customize/:urlKey?`): the frame, cart line, colour and step the URL names. */
  customise: { args: Pick<CustomiseInput, 'urlKey' | 'editItemUid' | 'preselect' | 'step'>; actor: ActorRefFrom<typeof customiseMachine> };
  /** The saved prescriptions (`/prescription`). */
  savedPrescriptions: { args: Record<string, never>; actor: ActorRefFrom<typeof savedPrescriptionsMachine> };
  /** The fix link of an order (`/prescriptionfix/:orderId/:keyFix?`). */
  prescriptionFix: { args: { orderNumber: string; key: string }; actor: ActorRefFrom<typeof prescriptionFixMachine> };
  /** The try-on (`/try-on-glasses`): the page's picture elements, which its effects read (the camera's video, the photo, the canvases). */
  tryOn: { args: { elements: TryOnElements }; actor: ActorRefFrom<typeof tryOnMachine> };
  /** `/account-information`: the name, the email and the password, a form each. */
  nameForm: SavedFormPage;
  emailForm: SavedFormPage;
  passwordForm: SavedFormPage;
  /** `/communications`: the newsletter subscription, and the stock and price alerts of the account. */
  newsletterForm: SavedFormPage;
  accountAlerts: { args: Record<string, never>; actor: AccountAlertsActor };
  /** `/contact-us`. */
  contactForm: SavedFormPage;
  /** `/customer/account/createPassword`: the reset link's email and token. */
  resetPasswordForm: SavedFormPage;
  /** `/address-book`. */
  addressBook: { args: Record<string, never>; actor: AddressBookActor };
  /** `/stock`, `/price`: the alert the link subscribes the customer to. */
  alertSubscription: { args: AlertSubscribeRequest & { type: AlertType }; actor: LinkRequestActor };
  /** `/productalert/unsubscribe/…`, `/unsubscribe/{id}/{code?}`: the alert the link ends. */
  alertUnsubscription: { args: AlertUnsubscribeInput; actor: LinkRequestActor };
  /** `/abandonedcart/checkout/cart/id/{id}/token/{token}/`: the cart the link restores, for a customer or a guest. */
  cartRestore: { args: AbandonedCartLink & { isSignedIn: boolean }; actor: LinkRequestActor };
}

export type PageMachineId = keyof PageMachines;

/**
 * The link pages' machines (spec §2 link routes, ADR 009): a link acts once per page load, so its
 * machine is not stopped when its route is left, and each link (its args) has a machine of its own
 * beside the others': coming back to a link shows its answer, never a second request.
 */
export const LINK_PAGE_MACHINES: ReadonlySet<PageMachineId> = new Set(['alertSubscription', 'alertUnsubscription', 'cartRestore']);
