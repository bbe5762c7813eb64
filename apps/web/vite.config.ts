import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Builds the SPA into apps/web/dist; the server serves it with SPA fallback. */
export default defineConfig({
  root,
  plugins: [react()],
  // The domain package from its sources: no build of packages/domain needed first.
  resolve: {
    alias: { '@duka/domain': fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
