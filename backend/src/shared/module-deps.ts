import { readSecuritySettings, MAGENTO_SECURITY_DEFAULTS, type SecuritySettings } from './security-settings';

/** The time source of the shop's modules (customer, cart, checkout, eyewear); tests inject a fixed, movable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What the customer, cart, checkout and eyewear modules share besides the request context. */
export interface ModuleDeps {
  clock: Clock;
  /** Where the module reports what a developer needs to see (password-reset links, mails, throttled requests). */
  log(message: string): void;
  /** The throttles and enumeration defences (ADR 037); unset ones keep Magento's defaults. */
  security?: Partial<SecuritySettings>;
}

/** The security settings of `deps`, Magento's defaults where it sets none. */
export const securityOf = (deps: ModuleDeps): SecuritySettings => ({ ...MAGENTO_SECURITY_DEFAULTS, ...deps.security });

/** The shop's modules' deps when nothing is injected: the system clock, messages to the console, settings from the environment. */
export const defaultModuleDeps: ModuleDeps = {
  clock: systemClock,
  log: (message) => console.info(message),
  security: readSecuritySettings(process.env),
};
