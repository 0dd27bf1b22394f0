import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The viewer's groups, by path: the features of src/server/features, as a reader looks for them. */
const TAGS: Array<[RegExp, string]> = [
  [/^\/api\/(users|auth)/, 'Account'],
  [/\/(wlsessions|pasessions|progress|records)(\/|$)|^\/api\/activity/, 'Sessions'],
  [/\/exercises/, 'Exercises'],
  [/^\/api\/logs/, 'Logs'],
  [/^\/api\/(import|export)/, 'Your data'],
  [/^\/api\/days/, 'Sessions'],
  [/^\/api\/trash/, 'Trash'],
];
const tagOf = (url: string) => TAGS.find(([path]) => path.test(url))?.[1] ?? 'System';

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
    transform: (route) => {
      const { schema, url } = jsonSchemaTransform(route);
      return { schema: { ...schema, tags: [tagOf(route.url)] }, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
