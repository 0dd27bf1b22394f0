import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfig } from '../../../contract/users';
import { pingDatabase } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { turnstileWidgetKey } from '../../config';

export function systemRoutes(deps: Deps): FastifyPluginAsyncZod {
  const { config } = deps;
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
      async () => {
        try {
          await pingDatabase(deps.db);
        } catch {
          throw new AppError(503, 'The database is not answering');
        }
        return { status: 'ok' as const };
      },
    );

    // Read by the web app at run time, so one build serves every deployment.
    app.get('/api/config', { schema: { response: { 200: publicConfig } } }, async () => ({
      turnstileSiteKey: turnstileWidgetKey(config),
      contactEmail: config.contactEmail,
      portfolioUrl: config.portfolioUrl,
      oidcName: config.oidc?.name ?? null,
    }));
  };
}
