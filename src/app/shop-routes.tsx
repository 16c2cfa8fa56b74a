import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../ui/app/not-found-page';
import { PageLoading } from '../ui/app/page-loading';
import { ShellLayout } from '../ui/app/shell-layout';

const HomePage = lazy(async () => ({ default: (await import('../ui/home/home-page')).HomePage }));

/** The routes of spec §2 under the store-code base path. Each page is its own chunk. */
export function ShopRoutes() {
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        <Route
          index
          element={
            <Suspense fallback={<PageLoading />}>
              <HomePage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
