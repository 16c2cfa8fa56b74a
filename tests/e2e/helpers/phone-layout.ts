/**
 * The tag of the journeys that also run at 375 px (the `phone` project of playwright.config.ts):
 * those whose layout differs on a phone. Every journey runs at 1280 px.
 */
export const PHONE = '@phone';

/** What the phone project's `grep` matches: the tag in a test's or its group's tags. */
export const PHONE_LAYOUT = new RegExp(`${PHONE}\\b`);
