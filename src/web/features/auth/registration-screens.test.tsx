import '../../test/setup';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Header } from '../../app/header';
import { authStore } from '../../lib/auth-store';
import { mockApi, renderWithApp } from '../../test/render';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

const config = (registration: 'open' | 'closed' | 'oidc-only', oidcName: string | null = null) => ({
  turnstileSiteKey: null,
  contactEmail: 'hello@example.com',
  portfolioUrl: 'https://example.com',
  registration,
  oidcName,
});

describe('REGISTRATION on the web app', () => {
  it('closed: the register screen says so instead of a form', async () => {
    mockApi({ 'GET /api/config': config('closed') });
    renderWithApp(<RegisterPage />, { route: '/register', user: null });
    expect(await screen.findByText(/Registration is closed on this server/)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('oidc-only: no password form on the login and register screens', async () => {
    mockApi({ 'GET /api/config': config('oidc-only', 'Acme SSO') });
    renderWithApp(<LoginPage />, { route: '/login', user: null });
    expect(await screen.findByText('This server signs in with Acme SSO only.')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('oidc-only: the register screen names the provider', async () => {
    mockApi({ 'GET /api/config': config('oidc-only', 'Acme SSO') });
    renderWithApp(<RegisterPage />, { route: '/register', user: null });
    expect(await screen.findByText(/Sign in with Acme SSO to get an account/)).toBeTruthy();
  });

  it('closed: the menu of a signed-out visitor has no Register link', async () => {
    authStore.signOut();
    mockApi({ 'GET /api/config': config('closed') });
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    const menu = screen.getByRole('navigation', { name: 'Main', hidden: true });
    expect(menu.textContent).toContain('Login');
    await waitFor(() => expect(menu.textContent).not.toContain('Register'));
  });
});
