import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// A stand-in build, laid out as vite + scripts/precompress.mjs write it.
const JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'wl-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Workout</title>');
    writeFileSync(path.join(dist, 'assets/app-abc123.js'), JS);
    writeFileSync(path.join(dist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(JS));
    writeFileSync(path.join(dist, 'assets/app-abc123.js.gz'), zlib.gzipSync(JS));
    // The part of vite's manifest the server reads: the entry and the data layer's chunks.
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js'] },
        '_react-r1.js': { file: 'assets/react-r1.js', name: 'react' },
        '_data-d1.js': {
          file: 'assets/data-d1.js',
          name: 'data',
          imports: ['_react-r1.js', 'index.html', '_rtk-k1.js'],
          css: ['assets/data-d1.css'],
        },
        '_rtk-k1.js': { file: 'assets/rtk-k1.js', name: 'rtk', imports: ['_react-r1.js'] },
      }),
    );
    t = await createTestApp({}, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends an asset precompressed when the browser takes brotli or gzip, cached for a year', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const r = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': accept } });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.headers['content-type']).toMatch(/javascript/);
      expect(decode(r.rawPayload).toString()).toBe(JS);
    }
  });

  it('sends the plain file to a client that takes no encoding', async () => {
    const r = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toBe(JS);
  });

  it('answers every other page with index.html, revalidated on each visit', async () => {
    const r = await t.app.inject({ url: '/logs/push-day' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body).toContain('<title>Workout</title>');
  });

  it("preloads the data layer's chunks with every page but the home page and the sign-in screen", async () => {
    const link = (await t.app.inject({ url: '/logs/push-day?page=2' })).headers.link;
    expect(link).toBe(
      '</assets/data-d1.js>; rel=modulepreload, </assets/rtk-k1.js>; rel=modulepreload, ' +
        '</assets/data-d1.css>; rel=preload; as=style; crossorigin',
    );
    for (const url of ['/', '/login', '/login?oidc=failed'])
      expect((await t.app.inject({ url })).headers.link).toBeUndefined();
  });

  it('answers an unknown API path 404 in JSON, not with the page', async () => {
    const r = await t.app.inject({ url: '/api/nope' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ message: 'Not found: GET /api/nope' });
  });
});
