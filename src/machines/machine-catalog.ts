/**
 * Every machine of the shop, by id: for the Storybook coverage test (each state has a story) and
 * the machine inspector. The ids are the machines' systemIds. `machine-catalog.test.ts` fails when a
 * machine file exports a machine that is missing here.
 */
import type { AnyStateMachine } from 'xstate';
import { accountAlertsMachine } from './account/account-alerts.machine';
import { addressBookMachine } from './account/address-book.machine';
import { savedFormMachine } from './account/saved-form.machine';
import { appMachine } from './app/app.machine';
import { cartMachine } from './cart/cart.machine';
import { checkoutMachine } from './checkout/checkout.machine';
import { customiseMachine } from './customise/customise.machine';
import { prescriptionFixMachine } from './prescription/prescription-fix.machine';
import { prescriptionScanMachine } from './prescription-scan/prescription-scan.machine';
import { savedPrescriptionsMachine } from './prescription/saved-prescriptions.machine';
import { linkRequestMachine } from './link-request/link-request.machine';
import { routeMachine } from './route/route.machine';
import { searchSuggestionsMachine } from './search/search-suggestions.machine';
import { sessionMachine } from './session/session.machine';
import { storeViewMachine } from './store-view/store-view.machine';
import { toastMachine } from './toast/toast.machine';
import { tryOnMachine } from './try-on/try-on.machine';
import { wishlistMachine } from './wishlist/wishlist.machine';

export interface MachineCatalogEntry {
  id: string;
  machine: AnyStateMachine;
}

export const machineCatalog: readonly MachineCatalogEntry[] = [
  { id: 'app', machine: appMachine },
  { id: 'storeView', machine: storeViewMachine },
  { id: 'session', machine: sessionMachine },
  { id: 'cart', machine: cartMachine },
  { id: 'checkout', machine: checkoutMachine },
  { id: 'route', machine: routeMachine },
  { id: 'toast', machine: toastMachine },
  { id: 'wishlist', machine: wishlistMachine },
  { id: 'customise', machine: customiseMachine },
  { id: 'tryOn', machine: tryOnMachine },
  { id: 'savedPrescriptions', machine: savedPrescriptionsMachine },
  { id: 'prescriptionFix', machine: prescriptionFixMachine },
  // The prescription form's scan (the form starts it; a story's system runs it here).
  { id: 'prescriptionScan', machine: prescriptionScanMachine },
  // Page machines of the account and link pages (ADR 009): in a story, the story's system runs them.
  { id: 'savedForm', machine: savedFormMachine },
  { id: 'addressBook', machine: addressBookMachine },
  { id: 'accountAlerts', machine: accountAlertsMachine },
  { id: 'linkRequest', machine: linkRequestMachine },
  // The header search panel's own machine (the panel starts it; a story's system runs it here).
  { id: 'searchSuggestions', machine: searchSuggestionsMachine },
];

/**
 * Child machines started by another machine, not on their own (no page of their own). The page host
 * (ADR 009) is the shop root's child; it only starts and stops the page machines listed above.
 */
export const childMachineNames: readonly string[] = ['toastTimerMachine', 'prescriptionFormMachine', 'pageHostMachine'];
