// The API's own documentation: /api/docs renders the OpenAPI document with the bundled viewer,
// under the app's CSP (a violation fails the journey, e2e/lib/browser.mjs).
import { assert } from '../lib/steps.mjs';

export const name = 'api-docs';

export async function run({ open, shot }) {
  const { page } = await open();
  await page.goto('/api/docs');
  await page.getByText('Workout Log API').first().waitFor();
  // An operation of every feature is listed, read from /api/openapi.json's schemas.
  for (const path of ['/api/users/login', '/api/logs/{slugLog}', '/api/import']) {
    await page.locator('.opblock-summary-path', { hasText: path }).first().waitFor();
  }
  assert.ok((await page.locator('.opblock').count()) > 20, 'every route is listed');
  await shot(page, 'api-docs');
}
