/** The time source of the shop's modules (customer, cart, checkout, eyewear); tests inject a fixed, movable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What the customer, cart, checkout and eyewear modules share besides the request context. */
export interface ModuleDeps {
  clock: Clock;
  /** Where the module reports what a developer needs to see (password-reset links, mails). */
  log(message: string): void;
}

/** The shop's modules' deps when nothing is injected: the system clock, messages to the console. */
export const defaultModuleDeps: ModuleDeps = { clock: systemClock, log: (message) => console.info(message) };
