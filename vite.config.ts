import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.mjs';

// What every screen under DataLayout uses, in chunks of similar size: RTK Query, and the rest of the
// data layer (toasts, pager, the contract's zod-free modules, the shared lib/ and components/, the
// API endpoints, the offline queue). FORMS is what only a form needs: zod, react-hook-form, the form
// components and the schemas of the core screens' forms (account, logs, exercises, sessions) with
// every contract module with a schema they import (one left out becomes a chunk that imports zod
// from FORMS while FORMS imports it: a cycle whose chunks evaluate out of order, "tc is not a
// constructor" on /register). The
// other schemas (gym mode, import) load with the screens that use them: a login no longer builds
// every schema of the app (decision 0027). Read-only screens (the lists, the exercise and session
// pages) never load FORMS, so no module of DATA may import a contract module with a schema. SHELL
// lists what the entry itself imports: grouped, the entry would import the data chunk and `/` would
// download the whole data layer (decision 0011). LATER is what only app/offline-start.tsx uses,
// loaded after the screen with it (decision 0015).
const RTK =
  /node_modules\/(@reduxjs|redux|redux-thunk|react-redux|immer|reselect|use-sync-external-store|@standard-schema)\//;
const FORMS =
  /node_modules\/(zod|react-hook-form|@hookform)\/|src\/contract\/(fields|users|logs|exercises|sessions|pagination|set-types|bounded-number|plates|routines|gym-fields)\.ts$|src\/web\/lib\/form\/|src\/web\/components\/(form-field|text-field|title-form|radio-group|notes-field)\.tsx$/;
const DATA =
  /node_modules\/(react-toastify|clsx|react-paginate|idb-keyval)\/|src\/contract\/(dates|metrics|page-query|slug|rest-timer)\.ts$|src\/web\/(lib|components)\/|src\/web\/features\/[^/]+\/[^/]+\.api\.ts$|src\/web\/features\/logs\/activity-grid\.ts$|src\/web\/app\/(store|data-layout)\.tsx?$/;
const SHELL = /src\/web\/(lib\/(auth-store|hooks|registration)|components\/(icons|spinner))\.tsx?$/;
const LATER = /src\/web\/lib\/offline\/(sync|sync-schedule|service-worker)\.ts$/;

/**
 * The installable app and its service worker (docs/api.md §10, docs/decisions/0015). The worker
 * precaches the built shell and answers every navigation outside /api with index.html; it has no
 * runtime caching, so API answers always come from the server. Registered by app/offline-start.tsx
 * after the first screen (injectRegister: false), and a new one waits for the user's "Reload".
 */
const pwaOptions: Partial<VitePWAOptions> = {
  injectRegister: false,
  // Its files are written before precompress (a later plugin) writes the .br/.gz beside them.
  integration: { closeBundleOrder: 'pre' },
  registerType: 'prompt',
  manifest: {
    name: 'Workout Tracker',
    short_name: 'Workouts',
    description: 'Log your training, track your progress.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // --bg of src/web/styles/tokens.css (the header is drawn on it too).
    theme_color: '#0b0f14',
    background_color: '#0b0f14',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The precompressed .br/.gz copies are the server's business, not the cache's.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    navigateFallback: '/index.html',
    // /api/docs and the API itself are the server's, online only.
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
  },
};

// The web app lives in src/web; the Fastify server serves dist/web in production.
// In development Vite proxies /api to the API server that scripts/dev.mjs starts on PORT (3000).
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

// React Router publishes its production build beside the one its package exports: the same code
// without the development warnings (ENABLE_DEV_WARNINGS), a smaller entry script.
const routerProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: routerProduction }] : [],
  },
  plugins: [
    react(),
    VitePWA(pwaOptions),
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
    // Pages are separate chunks on purpose; only warn when one grows really large.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // A few chunks for the data layer instead of a dozen small shared ones: on HTTP/1.1 each
        // request waits for one of six connections, so a screen's many tiny chunks came in rounds.
        // Several rather than one, as they download side by side. Only the modules a group names go
        // into it (not their dependencies, React among them). A module goes to the first group
        // that names it, so `forms` takes the contract's schema modules before `data` would.
        codeSplitting: {
          groups: [
            { name: 'rtk', test: RTK },
            { name: 'forms', test: FORMS },
            { name: 'data', test: (id) => DATA.test(id) && !SHELL.test(id) && !LATER.test(id) },
          ],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
}));
