/**
 * How the try-on shows its picture, read by its views. A module of its own, apart from the machine:
 * the machine loads with the page host's registry (ADR 009), the views with the page, and neither
 * chunk needs the other's code.
 */
import type { TryOnContext } from './try-on.machine';

/** Whether the picture is shown mirrored: the camera only (a photo is shown as it was taken), unless turned off. */
export function isMirroredView(context: Pick<TryOnContext, 'source' | 'mirrored'>): boolean {
  return context.source === 'camera' && context.mirrored;
}
