import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { type Config, turnstileWidgetKey } from '../config';
import { AppError } from '../lib/app-error';

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const turnstile = turnstileWidgetKey(config) ? [TURNSTILE_ORIGIN] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...turnstile],
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

  // Cross-site writes (API.md §2): a browser's Origin must be this host or APP_URL's origin.
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
