import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './router';

const router = createRouter();

/**
 * The router under a boundary that paints while the language file is on its way (screens suspend
 * on their words) and while a screen's code loads.
 */
export function AppRouter() {
  return (
    <Suspense
      fallback={
        <Center h="100vh" aria-busy="true">
          <Loader />
        </Center>
      }
    >
      <RouterProvider router={router} />
    </Suspense>
  );
}
