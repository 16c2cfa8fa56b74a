/**
 * The actors a story runs by itself, outside the shop decorator's actor system: a machine with the
 * story's own effects (answers at once, never, or real timers), for a view that takes its actor as a
 * prop. Views create no actor (ADR 010 §7; ESLint forbids `createActor` and `useActorRef` in
 * `src/ui`, tests aside), so the stories of `src/ui` get theirs here.
 */
import { createActor, type ActorOptions, type AnyActorLogic, type SnapshotFrom } from 'xstate';

/** The logic's actor, started: it runs while the story is shown (a story shows a state, its effects are the story's). */
export const startStoryActor = <TLogic extends AnyActorLogic>(logic: TLogic, options?: ActorOptions<TLogic>) => createActor(logic, options).start();

/** The snapshot the logic starts in, read from an actor that is never started (a story's state is made from it). */
export const startSnapshotOf = <TLogic extends AnyActorLogic>(logic: TLogic, options?: ActorOptions<TLogic>): SnapshotFrom<TLogic> =>
  createActor(logic, options).getSnapshot();
