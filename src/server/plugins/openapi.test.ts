import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** `/api/logs/:slugLog` → `/api/logs/{slugLog}`, as OpenAPI writes a path. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and documents every /api route the app registers, with its responses', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json',
    );
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    for (const route of routes) {
      const operation = doc.paths[openApiPath(route.url)][route.method.toLowerCase()];
      expect(Object.keys(operation.responses).length, `${route.method} ${route.url}`).toBeGreaterThan(0);
      expect(operation.tags, `${route.method} ${route.url}`).toHaveLength(1);
    }
    const tag = (path: string, method: string) => doc.paths[path][method].tags[0];
    expect(tag('/api/users/login', 'post')).toBe('Account');
    expect(tag('/api/logs', 'get')).toBe('Logs');
    expect(tag('/api/logs/{slugLog}/exercises/{slugExercise}', 'get')).toBe('Exercises');
    expect(tag('/api/logs/{slugLog}/exercises/{slugExercise}/records', 'get')).toBe('Sessions');
    expect(tag('/api/logs/{slugLog}/exercises/{slugExercise}/pasessions/edit/{id}', 'put')).toBe('Sessions');
    expect(tag('/api/activity', 'get')).toBe('Sessions');
    expect(tag('/api/import', 'post')).toBe('Your data');
    expect(tag('/api/health', 'get')).toBe('System');
  });

  it('describes request bodies and the error shape from the contract schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const create = doc.paths['/api/logs/{slugLog}/exercises/{slugExercise}/wlsessions'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(['createdDate', 'set']);
    expect(create.responses['4XX'].content['application/json'].schema.required).toEqual(['message']);
    expect(Object.keys(create.responses['201'].content['application/json'].schema.properties)).toContain(
      'totalVolume',
    );
  });
});

describe('GET /api/docs', () => {
  it('serves the bundled viewer and its script from this server', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Every script and stylesheet is the server's own: nothing from a CDN.
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source, source).not.toMatch(/^(https?:)?\/\//);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline script for the CSP to refuse
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
