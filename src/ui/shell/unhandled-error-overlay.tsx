import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectUnhandledErrors } from '../../machines/app/app.machine';
import { useShopActors } from '../app/shop-actors';

const ErrorDialog = lazy(async () => ({ default: (await import('./unhandled-error-dialog')).ErrorDialog }));

/**
 * Spec §2 unhandled-error overlay, §8 unhandled errors: while the app machine keeps errors not yet
 * marked handled, a modal dialog says the generic wording with their ids, offers a page reload,
 * and shows the last log lines (spec §9) under "Details". Dismissing marks them handled.
 */
export function UnhandledErrorOverlay() {
  const { app } = useShopActors();
  const errors = useSelector(app, selectUnhandledErrors);
  if (errors.length === 0) return null;
  const dismiss = () => errors.forEach(({ id }) => app.send({ type: 'app.error.markHandled', id }));
  return (
    <Suspense fallback={null}>
      <ErrorDialog errors={errors} onReload={() => app.send({ type: 'app.page.reload' })} onDismiss={dismiss} />
    </Suspense>
  );
}
