/**
 * The page machines the page host starts (ADR 009), by systemId: what a page's URL gives each one
 * (`args`; the composition root's registry, `src/app/page-machines.ts`, makes its input of them
 * with what the browser keeps, the session and today's date) and the running actor its view gets.
 */
import type { ActorRefFrom } from 'xstate';
import type { customiseMachine } from '../customise/customise.machine';
import type { CustomiseInput } from '../customise/customise.types';
import type { prescriptionFixMachine } from '../prescription/prescription-fix.machine';
import type { savedPrescriptionsMachine } from '../prescription/saved-prescriptions.machine';
import type { TryOnElements, tryOnMachine } from '../try-on/try-on.machine';

export interface PageMachines {
  /** The lens wizard (`/customize/:urlKey?`): the frame, cart line, colour and step the URL names. */
  customise: { args: Pick<CustomiseInput, 'urlKey' | 'editItemUid' | 'preselect' | 'step'>; actor: ActorRefFrom<typeof customiseMachine> };
  /** The saved prescriptions (`/prescription`). */
  savedPrescriptions: { args: Record<string, never>; actor: ActorRefFrom<typeof savedPrescriptionsMachine> };
  /** The fix link of an order (`/prescriptionfix/:orderId/:keyFix?`). */
  prescriptionFix: { args: { orderNumber: string; key: string }; actor: ActorRefFrom<typeof prescriptionFixMachine> };
  /** The try-on (`/try-on-glasses`): the page's picture elements, which its effects read (the camera's video, the photo, the canvases). */
  tryOn: { args: { elements: TryOnElements }; actor: ActorRefFrom<typeof tryOnMachine> };
}

export type PageMachineId = keyof PageMachines;
