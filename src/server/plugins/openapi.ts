import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API described from its own route schemas (the zod schemas of src/contract, converted by
 * the zod type provider): `GET /api/openapi.json` (OpenAPI 3.1) and a viewer at `/api/docs`,
 * served from node_modules (no CDN) under the app's own CSP. Registered before the routes, which
 * it collects as they are added; `openapi.test.ts` fails when a route is missing from it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Workout Log API',
        version: '1.0.0',
        description:
          'Every route of the app. Signed-in routes need the `sid` cookie that register and login set. ' +
          'Errors are `{message, errors?}` (docs/api.md).',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
