import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { THEME_SCRIPT_HASH } from './security';

const INDEX_HTML = path.resolve(__dirname, '../../web/index.html');

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

describe('the CSP and index.html inline theme script', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has the hash of the one inline script in index.html (update THEME_SCRIPT_HASH when it changes)', () => {
    expect(inlineScriptHashes(readFileSync(INDEX_HTML, 'utf8'))).toEqual([THEME_SCRIPT_HASH]);
  });

  it("admits it on the web app's pages only; API answers keep script-src 'self'", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/logs' });
    expect(String(page.headers['content-security-policy'])).toContain(
      `script-src 'self' ${THEME_SCRIPT_HASH};`,
    );
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(api.headers['content-security-policy'])).toMatch(/script-src 'self';/);
  });
});
