/** The time source of the commerce module; tests inject a fixed, movable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What every area of the commerce module shares besides the request context. */
export interface CommerceDeps {
  clock: Clock;
  /** Where the module reports what a developer needs to see (password-reset links, mails). */
  log(message: string): void;
}
