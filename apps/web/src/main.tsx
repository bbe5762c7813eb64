import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createRouter } from './app/router';
import { setDeviceHeader, setDeviceToken, setDeviceTokenHandler, setServerMode } from './lib/api-client';
import { readStoredDevice, readStoredDeviceToken, saveDeviceToken } from './lib/device-store';
import { setupI18n } from './lib/i18n';
import { bindNotifyI18n } from './lib/notify';
import { fetchHealth } from './features/auth/auth-api';

async function start() {
  const [i18n, device, health] = await Promise.allSettled([setupI18n(), readStoredDevice(), fetchHealth()]);
  if (device.status === 'fulfilled') setDeviceHeader(device.value);
  if (device.status === 'fulfilled' && device.value) {
    setDeviceToken(device.value, await readStoredDeviceToken(device.value).catch(() => null));
  }
  // A token the server issues to this till at sign-in is kept beside its device id (ADR 8).
  setDeviceTokenHandler((id, token) => void saveDeviceToken(id, token).catch(() => undefined));
  if (health.status === 'fulfilled') setServerMode(health.value.mode);
  if (i18n.status === 'rejected') throw i18n.reason;
  bindNotifyI18n(i18n.value);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  createRoot(root).render(
    <StrictMode>
      <AppProviders i18n={i18n.value} queryClient={createQueryClient()}>
        <RouterProvider router={createRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
