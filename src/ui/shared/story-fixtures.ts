/**
 * What many stories share (never imported by the shop's views): how long a story waits for an
 * answer from the embedded backend, and the session machine's signed-out snapshot
 * (`parameters.shop.machines.session`, see .storybook/shop-decorator.tsx).
 */

/** `findBy…` options for text that waits on the embedded backend's answer (a cold start is slow). */
export const slow = { timeout: 20_000 };

/** The session machine signed out, with no password reset under way. */
export const signedOut = { value: { auth: { signedOut: 'idle' }, passwordReset: 'idle' } };
