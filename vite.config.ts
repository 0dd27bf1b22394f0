import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.mjs';

// The web app lives in src/web; the Fastify server serves dist/web in production.
// In development Vite proxies /api to the API server that scripts/dev.mjs starts on PORT (3000).
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    precompress(),
    {
      // The static first screen in index.html shows the footer's year before React does.
      name: 'shell-year',
      transformIndexHtml: (html) => html.replace('%BUILD_YEAR%', String(new Date().getFullYear())),
    },
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Every browser that runs this app supports modulepreload: no polyfill bytes on the first visit.
    modulePreload: { polyfill: false },
    // Charts and pages are separate chunks on purpose; only warn when one grows really large.
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
