import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store';
import { currentLocation, mockApi, renderWithApp, reply, USER } from '../../test/render';
import { LoginPage } from './login-page';

describe('LoginPage', () => {
  it('says what is wrong under each label', async () => {
    const { calls } = mockApi({});
    renderWithApp(<LoginPage />, { route: '/login', user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Email'), 'ann@nowhere');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Not a valid email format')).toBeTruthy();
    // Only the deployment's settings (the provider's button) were asked for.
    expect(calls.filter((c) => c.path !== '/api/config')).toHaveLength(0);
  });

  it('accepts any top-level domain, signs in, and goes to /logs with a toast', async () => {
    const { calls } = mockApi({ 'POST /api/users/login': USER });
    renderWithApp(<LoginPage />, { route: '/login', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'Ann@Example.Photography');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Logged in Successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      method: 'POST',
      path: '/api/users/login',
      body: { email: 'ann@example.photography', password: 'secret' },
    });
    expect(authStore.get()).toEqual(USER);
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(USER);
    await waitFor(() => expect(currentLocation()).toBe('/logs'));
  });

  it("shows the server's message when the login is refused", async () => {
    mockApi({ 'POST /api/users/login': reply(401, { message: 'Invalid email or password' }) });
    renderWithApp(<LoginPage />, { route: '/login', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(currentLocation()).toBe('/login');
    expect(authStore.get()).toBeNull();
  });
});

describe('LoginPage with two-factor sign-in', () => {
  it('asks for the code after the right password, then signs in', async () => {
    const { calls } = mockApi({
      'POST /api/users/login': { twoFactorRequired: true },
      'POST /api/users/login/2fa': { ...USER, twoFactor: true },
    });
    renderWithApp(<LoginPage />, { route: '/login', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const code = await screen.findByLabelText('Code');
    expect(authStore.get()).toBeNull();
    expect(screen.queryByText('Logged in Successfully')).toBeNull();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Logged in Successfully')).toBeTruthy();
    expect(calls.filter((c) => c.path !== '/api/config').at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/users/login/2fa',
      body: { code: '123456' },
    });
    expect(authStore.get()).toEqual({ ...USER, twoFactor: true });
    await waitFor(() => expect(currentLocation()).toBe('/logs'));
  });

  it("puts a wrong code's message under the field, and goes back to the password when the login expired", async () => {
    let answer = reply(400, { message: 'The code is not valid', errors: { code: 'The code is not valid' } });
    mockApi({
      'POST /api/users/login': { twoFactorRequired: true },
      'POST /api/users/login/2fa': () => answer,
    });
    renderWithApp(<LoginPage />, { route: '/login', user: null });
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.type(await screen.findByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findAllByText('The code is not valid')).length).toBeGreaterThan(0);
    answer = reply(401, { message: 'Sign in again' });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Sign in again')).toBeTruthy();
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(authStore.get()).toBeNull();
  });
});

describe('LoginPage with an identity provider', () => {
  const config = (oidcName: string | null) => ({
    turnstileSiteKey: null,
    contactEmail: 'hello@example.com',
    portfolioUrl: 'https://example.com',
    registration: 'open' as const,
    oidcName,
  });

  it('offers Sign in with {name} as a link to the start of the flow', async () => {
    mockApi({ 'GET /api/config': config('Authentik') });
    renderWithApp(<LoginPage />, { route: '/login', user: null });
    const link = await screen.findByRole('link', { name: 'Sign in with Authentik' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start');
  });

  it('offers no button without a provider', async () => {
    const { calls } = mockApi({ 'GET /api/config': config(null) });
    renderWithApp(<LoginPage />, { route: '/login', user: null });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/config')).toBe(true));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('says why the sign-in came back, by the code in the address', async () => {
    mockApi({ 'GET /api/config': config('Authentik') });
    renderWithApp(<LoginPage />, { route: '/login?oidc=taken', user: null });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An account with your email already exists. Sign in with your password, then link Authentik from your profile.',
    );
  });
});
