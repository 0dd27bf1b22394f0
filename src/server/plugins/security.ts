import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Config, turnstileWidgetKey } from '../config';
import { AppError } from '../lib/app-error';

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The hash of src/web/index.html's one inline script, which sets the stored theme before the first
 * paint. security.test.ts fails when the script changes without this. Only the web app's pages
 * carry it: API answers keep `script-src 'self'`.
 */
export const THEME_SCRIPT_HASH = "'sha256-qddLRoC15ynAY2xe2hjfTI9cNxnNIgXxamwyaFDG5CU='";

/**
 * The headers helmet sets for `options`, worked out once. They depend only on the configuration,
 * and @fastify/helmet rebuilt helmet's middleware on every request (parsing the CSP each time).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** helmet's headers with a CSP that admits `inlineScripts` (hashes) besides our own files. */
function headersFor(config: Config, turnstile: string[], inlineScripts: string[]): Record<string, string> {
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...turnstile, ...inlineScripts],
        // Inline style attributes come from charts and toasts; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...turnstile],
        frameSrc: turnstile.length ? turnstile : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    // Only over HTTPS does HSTS mean anything; on plain localhost it would pin the browser.
    strictTransportSecurity: config.cookieSecure,
  });
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const turnstile = turnstileWidgetKey(config) ? [TURNSTILE_ORIGIN] : [];
  const apiHeaders = headersFor(config, turnstile, []);
  const pageHeaders = headersFor(config, turnstile, [THEME_SCRIPT_HASH]);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') || request.url === '/api' ? apiHeaders : pageHeaders);
    done();
  });

  // Cross-site writes (docs/api.md §2): a browser's Origin must be this host or APP_URL's origin.
  const appOrigin = new URL(config.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const host = request.headers.host;
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (origin === appOrigin || (host !== undefined && originHost === host)) return;
    throw new AppError(403, 'Cross-site request refused');
  });
}
