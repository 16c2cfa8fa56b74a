import type { ActorRefFrom } from 'xstate';
import type { customiseMachine } from '../../machines/customise/customise.machine';

/** The lens wizard's running machine, as every step of the wizard receives it. */
export type CustomiseActor = ActorRefFrom<typeof customiseMachine>;
