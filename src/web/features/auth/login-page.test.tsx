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
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0); // the GET: /api/config
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
