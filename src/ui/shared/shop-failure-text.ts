/**
 * The words of a shop failure (ADR 019): they load, with the code that reads a failure's
 * message, the first time one is shown, not with the shell (the home route's budget). Until then a
 * failure reads as nothing (no wrong words flash); the shop's IntlProvider re-renders once they
 * arrive (useShopFailureWords).
 */
import { useSyncExternalStore } from 'react';
import type { IntlShape } from 'react-intl';

let wordsOf: ((message: string, intl: IntlShape) => string) | undefined;
let loading: Promise<unknown> | undefined;
/** The one subscriber: the shop's IntlProvider (shop-root.tsx). */
let onLoaded = () => {};

/** Loads the words once (their own chunk); words that could not load (offline, not cached) are asked for again next time. */
export const loadShopFailureWords = () =>
  (loading ??= import('./shop-failure-words').then(
    (module) => {
      wordsOf = module.shopFailureWordsOf;
      onLoaded();
    },
    () => (loading = undefined),
  ));

const subscribe = (listener: () => void) => {
  onLoaded = listener;
  return () => (onLoaded = () => {});
};
const wordsLoaded = () => wordsOf !== undefined;

/** Whether the words have loaded; the component using it re-renders when they arrive. */
export const useShopFailureWords = () => useSyncExternalStore(subscribe, wordsLoaded, wordsLoaded);

/** The words of a failure's message (`shop:…`, a ShopFailure's) in the store view's language; '' while they load (asked for here). */
export const shopFailureText = (message: string, intl: IntlShape): string => (wordsOf ? wordsOf(message, intl) : (void loadShopFailureWords(), ''));
