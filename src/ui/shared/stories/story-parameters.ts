/**
 * What a story's `parameters` say to the shop decorator (.storybook/shop-decorator.tsx): the route,
 * the locale and the state each machine is shown in. Stories import these types from here, never
 * from .storybook.
 */
import type { AnyEventObject, StateValue } from 'xstate';

/** How a story puts a machine in the state it shows: a snapshot (state value + context), then events. */
export interface MachineStory {
  /** The state value, e.g. `'ready'` or `{ addingItem: 'mutating' }`; the machine's start state when absent. */
  value?: StateValue;
  /** Merged over the context the machine starts with (from its story input). */
  context?: Record<string, unknown>;
  /** Sent in order once every machine runs (after the snapshot is restored). */
  events?: AnyEventObject[];
}

export interface ShopStoryParameters {
  /** Path inside the store, e.g. `/cart`. */
  route?: string;
  /** BCP 47 locale for messages and formats. */
  locale?: string;
  storeCode?: string;
  /** By machine id (`storeView`, `cart`, `session`, …: the ids of the machine catalog). */
  machines?: Record<string, MachineStory | undefined>;
  /**
   * The story's args (its Controls) put into the machines: given the story's args and these
   * parameters, the parameters the story shows. Machines start again when an arg changes.
   */
  fromArgs?: (args: Record<string, unknown>, params: ShopStoryParameters) => ShopStoryParameters;
}

/** What a story's `parameters` may say to this layer. */
export interface MachineStoryParameters {
  shop?: ShopStoryParameters;
  /** States a story shows that its machine snapshots do not say, as `<machine id>.<path>`, e.g. `cart.ready`. */
  machineStates?: string[];
}
