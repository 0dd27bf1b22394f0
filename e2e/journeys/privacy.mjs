// A second user sees none of the first user's data, even by typing its addresses.
import { assert, createLogUi, expectPath, newUser, registerUi } from '../lib/steps.mjs';

export const name = 'privacy';

export async function run({ open }) {
  const first = await open();
  await registerUi(first.page, newUser('alice'));
  await createLogUi(first.page, 'Alice Secret Plan');
  await first.page.getByRole('link', { name: 'Alice Secret Plan' }).click();
  await expectPath(first.page, '/logs/alice-secret-plan');

  const second = await open();
  await registerUi(second.page, newUser('bob'));
  await second.page.getByText('No logs yet').waitFor();
  assert.equal(await second.page.getByText('Alice Secret Plan').count(), 0);

  await second.page.goto('/logs/alice-secret-plan');
  await second.page.getByRole('alert').filter({ hasText: 'Log not found' }).first().waitFor();
  assert.equal(await second.page.getByText('Alice Secret Plan').count(), 0);

  // The same browser, one user after the other: nothing cached from the first is shown.
  const shared = await open();
  const carol = newUser('carol');
  await registerUi(shared.page, carol);
  await createLogUi(shared.page, 'Carol Only');
  await shared.page.getByRole('button', { name: 'Menu' }).click();
  await shared.page.getByRole('button', { name: 'Logout' }).click();
  await expectPath(shared.page, '/');
  // No reload in between: the app's in-memory cache must have been dropped at logout.
  const dave = newUser('dave');
  await shared.page.getByRole('button', { name: 'Register' }).click();
  await shared.page.getByLabel('Username').fill(dave.username);
  await shared.page.getByLabel('Email').fill(dave.email);
  await shared.page.getByLabel('Password').fill(dave.password);
  await shared.page.getByRole('button', { name: 'Submit' }).click();
  await expectPath(shared.page, '/logs');
  await shared.page.getByText('No logs yet').waitFor();
  assert.equal(await shared.page.getByText('Carol Only').count(), 0);
}
