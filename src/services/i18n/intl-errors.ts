/**
 * react-intl error policy (spec §8): a missing translation falls back to the default message and is
 * ignored; any other translation error is rethrown once the messages have loaded (before that,
 * formatting with an empty catalogue may fail for reasons that loading fixes).
 */
export function createIntlErrorHandler(messagesLoaded: () => boolean) {
  return (error: { code?: string }) => {
    if (error.code === 'MISSING_TRANSLATION') return;
    if (messagesLoaded()) throw error;
  };
}
