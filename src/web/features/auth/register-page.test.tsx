import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp, reply, USER } from '../../test/render';
import { RegisterPage } from './register-page';

const config = (turnstileSiteKey: string | null) => ({
  turnstileSiteKey,
  contactEmail: 'hello@example.com',
  portfolioUrl: 'https://example.com',
  oidcName: null,
});

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText('Username'), 'Ann');
  await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('RegisterPage', () => {
  it('asks for a password of at least 6 characters', async () => {
    mockApi({ 'GET /api/config': config(null) });
    renderWithApp(<RegisterPage />, { route: '/register', user: null });
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('without a site key: no widget, no CAPTCHA toast, and registers', async () => {
    const { calls } = mockApi({ 'GET /api/config': config(null), 'POST /api/users': USER });
    renderWithApp(<RegisterPage />, { route: '/register', user: null });
    await fillAndSubmit();
    expect(await screen.findByText('Registered Successfully')).toBeTruthy();
    expect(screen.queryByText('Please complete the CAPTCHA verification')).toBeNull();
    expect(document.querySelector('.turnstile')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'Ann',
      email: 'ann@example.com',
      password: 'secret1',
    });
  });

  it('with a site key and no token: the CAPTCHA toast, and the submit still goes ahead', async () => {
    const { calls } = mockApi({
      'GET /api/config': config('site-key'),
      'POST /api/users': reply(400, { message: 'CAPTCHA verification failed' }),
    });
    renderWithApp(<RegisterPage />, { route: '/register', user: null });
    await waitFor(() => expect(document.querySelector('.turnstile')).not.toBeNull());
    await fillAndSubmit();
    expect(await screen.findByText('Please complete the CAPTCHA verification')).toBeTruthy();
    expect(await screen.findByText('CAPTCHA verification failed')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users')).toBe(true);
    // The widget script is only added when a site key is configured.
    expect(
      document.querySelector('script[src^="https://challenges.cloudflare.com/turnstile/v0/api.js"]'),
    ).not.toBeNull();
  });
});
