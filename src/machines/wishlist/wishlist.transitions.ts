/**
 * wishlist — what an invoked actor's done or error event carries, as the params of the named guards
 * and actions that read it: the event is typed where the transition is (`onDone`, `onError`), so
 * nothing is cast (ADR 032).
 */
import { errorMessageOf, toError } from '../shared/effects';
import type { ToastInput } from '../toast/toast.machine';
import { WISHLIST_SAVED_TOAST, wishlistFailedToast, type WishlistErrors, type WishlistItemOperation, type WishlistPage } from './wishlist.context';

/** The failure an actor rejected with. */
export const failureOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** The failure an actor rejected with, kept as a list-wide operation's error (`setErrors`). */
export const failedAs =
  (operation: 'loadPage' | 'saveItem') =>
  ({ event }: { event: { error: unknown } }): WishlistErrors => ({ [operation]: toError(event.error) });

/** The failure an item actor rejected with, kept beside the item (`failItem`). */
export const itemFailedAs =
  (operation: WishlistItemOperation) =>
  ({ event }: { event: { error: unknown } }) => ({ operation, error: event.error });

/** The page a read answered. */
export const pageOf = ({ event }: { event: { output: WishlistPage } }) => ({ page: event.output });

/** "Saved to your wishlist." (the `toast` action's params). */
export const SAVED: { toast: ToastInput } = { toast: WISHLIST_SAVED_TOAST };
/** Why a frame could not be saved, told in a toast that stays until dismissed. */
export const saveFailedToast = (error: unknown): { toast: ToastInput } => ({ toast: wishlistFailedToast(errorMessageOf(error)) });
