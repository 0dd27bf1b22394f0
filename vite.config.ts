import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.mjs';

// How the app's code is cut into chunks (decisions 0011, 0027, 0029); after a change, check which
// chunks /login and /logs request. The entry holds what `/`
// needs (SHELL: the auth store, hooks, icons, the spinner, the deployment settings). Then:
// - RTK: RTK Query and Redux, for every screen that reads the API.
// - TOASTS: the toast library with its container, mounted once a screen is up.
// - SCHEMAS: zod, its form resolver and every contract module with a schema. A form screen shows
//   without them (lib/form/use-schema-form.ts loads them on the first focus or check): all the
//   contract's schema modules are one group, since one left out would be a chunk importing zod from
//   SCHEMAS while SCHEMAS imports it, a cycle whose chunks evaluate out of order ("tc is not a
//   constructor" on /register).
// - FORMS: react-hook-form and the form components: what a form screen needs to show itself, and
//   the sign-in screen needs no more (it loads the data layer with its request, decision 0029).
// - CONTRACT: the contract's zod-free modules (dates, figures, pages), which both the schemas and
//   the read screens import.
// - DATA: the rest of the data layer (pager, the shared lib/ and components/, the API endpoints,
//   the offline queue). Read-only screens (the lists, the exercise
//   and session pages) load neither FORMS nor SCHEMAS, so no module of DATA may import a module of
//   either.
// SHARED is what both form and read-only screens use (the save, its error messages, the device's
// user); SCHEMA_FIELDS the two form fields that need a schema module's constant, loaded with the
// session and workout forms. LATER is what only app/offline-start.tsx uses, loaded after the screen
// with it (decision 0015).
const RTK =
  /node_modules\/(@reduxjs|redux|redux-thunk|react-redux|immer|reselect|use-sync-external-store|@standard-schema)\//;
const TOASTS = /node_modules\/(react-toastify|clsx)\/|src\/web\/app\/toasts\.tsx$/;
const SCHEMAS =
  /node_modules\/(zod|@hookform\/resolvers)\/|src\/contract\/(?!(dates|metrics|page-query|slug|rest-timer|supersets|oidc-outcomes)\.ts$)[^/]+\.ts$/;
const FORMS =
  /node_modules\/react-hook-form\/|src\/web\/lib\/form\/|src\/web\/components\/(form-field|text-field|title-form|radio-group|form-page|submit-button)\.tsx$/;
const CONTRACT = /src\/contract\/(dates|metrics|page-query|slug|rest-timer|supersets)\.ts$/;
const DATA =
  /node_modules\/(react-paginate|idb-keyval)\/|src\/web\/(lib|components)\/|src\/web\/features\/[^/]+\/[^/]+\.api\.ts$|src\/web\/features\/logs\/activity-grid\.ts$|src\/web\/app\/(store|data-layout|require-auth)\.tsx?$/;
const SHELL = /src\/web\/(lib\/(auth-store|hooks|config)|components\/(icons|spinner))\.tsx?$/;
const SHARED = /src\/web\/lib\/(use-save|errors|offline\/device-user)\.ts$/;
const SCHEMA_FIELDS = /src\/web\/(lib\/form\/set-type-fields|components\/notes-field)\.tsx$/;
const LATER = /src\/web\/lib\/offline\/(sync|sync-schedule|service-worker)\.ts$/;

/**
 * The entry's stylesheet inside index.html (decision 0042): the static first screen paints as soon
 * as the page's own bytes are parsed, instead of waiting for a stylesheet request that competes with
 * the scripts the page preloads. 8.4 KB compressed, in the one response every visit gets anyway.
 * The stylesheets of the lazily loaded chunks still come as files with their chunks.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/index-[\w-]+\.css)">/,
          (link, file: string) => {
            const asset = bundle?.[file];
            if (!asset || asset.type !== 'asset') return link;
            // Its url()s are data: URLs or absolute (Vite's base is /), so they mean the same here.
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            // The <link> stays, disabled (a disabled stylesheet is neither fetched nor applied): the
            // lazy chunks that import the entry list its stylesheet among their dependencies, and
            // Vite's preload helper loads one unless a <link rel="stylesheet"> to it is in the page,
            // so each lazy chunk fetched it again and restyled the whole page with the same rules.
            return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
          },
        );
      },
    },
  };
}

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
    inlineEntryStylesheet(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: the server reads which chunks the data layout needs, to preload
    // them with every signed-in screen's page (src/server/plugins/web.ts).
    manifest: true,
    // Every browser that runs this app supports modulepreload: no polyfill bytes on the first visit.
    modulePreload: {
      polyfill: false,
      // What a lazy import preloads beside its chunk, trimmed for the bytes of the first visit's
      // entry (decision 0029): never React and the bundler's runtime, which the entry has loaded
      // (the page preloads them beside it); and a screen's chunk leaves the data layer's chunks to
      // the data layout's own import, which the router starts at the same time for every screen
      // under it (app/router.tsx).
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html'
          ? deps
          : deps.filter(
              (dep) =>
                !/\/(react|rolldown-runtime)-[\w-]+\.js$/.test(dep) &&
                (/\/data-[\w-]+\.js$/.test(file) ||
                  !/\/(data|rtk|contract|toasts|shared)-[\w-]+\.js$/.test(dep)),
            ),
    },
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
            { name: 'toasts', test: TOASTS },
            { name: 'schemas', test: SCHEMAS },
            { name: 'contract', test: CONTRACT },
            { name: 'shared', test: SHARED },
            { name: 'schema-fields', test: SCHEMA_FIELDS },
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
