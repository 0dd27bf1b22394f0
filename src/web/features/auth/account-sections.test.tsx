import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, mockApi, renderWithApp, reply, USER } from '../../test/render';
import { DeleteAccountSection } from './delete-account-section';
import { DevicesSection } from './devices-section';

const DEVICES = {
  sessions: [
    {
      _id: '11111111-1111-4111-8111-111111111111',
      createdAt: '2026-11-20T08:00:00.000Z',
      lastSeenAt: '2026-11-26T10:00:00.000Z',
      device: 'Firefox on Windows',
      current: true,
    },
    {
      _id: '22222222-2222-4222-8222-222222222222',
      createdAt: '2026-11-01T08:00:00.000Z',
      lastSeenAt: '2026-11-25T18:00:00.000Z',
      device: 'Safari on iPhone',
      current: false,
    },
  ],
};

describe('DevicesSection', () => {
  it('lists the devices, this one marked, and signs another one out', async () => {
    const { calls } = mockApi({
      'GET /api/users/sessions': DEVICES,
      'DELETE /api/users/sessions/22222222-2222-4222-8222-222222222222': {
        message: 'Signed out of that device',
      },
    });
    renderWithApp(<DevicesSection onSignOutHere={() => {}} />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.device-name')?.textContent)).toEqual([
      'Firefox on WindowsThis device',
      'Safari on iPhone',
    ]);
    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await screen.findByText('Signed out of that device')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
      'DELETE /api/users/sessions/22222222-2222-4222-8222-222222222222',
    );
  });

  it("signs this device out through the app's logout, and the rest with Sign out everywhere else", async () => {
    const { calls } = mockApi({
      'GET /api/users/sessions': DEVICES,
      'POST /api/users/sessions/revoke-others': { message: 'Signed out of every other device' },
    });
    const signOutHere = vi.fn();
    renderWithApp(<DevicesSection onSignOutHere={signOutHere} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out this device' }));
    expect(signOutHere).toHaveBeenCalledOnce();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out of every other device')).toBeTruthy();
  });

  it('offers no Sign out everywhere else when this is the only device', async () => {
    mockApi({ 'GET /api/users/sessions': { sessions: [DEVICES.sessions[0]] } });
    renderWithApp(<DevicesSection onSignOutHere={() => {}} />);
    await screen.findByRole('button', { name: 'Sign out this device' });
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });
});

describe('DeleteAccountSection', () => {
  it('offers Export my data first', () => {
    mockApi({});
    renderWithApp(<DeleteAccountSection onDeleted={async () => {}} />);
    const section = screen.getByRole('region', { name: 'Delete account' });
    const controls = section.querySelectorAll('a, button');
    expect(controls[0].textContent).toBe('Export my data');
    expect(controls[0].getAttribute('href')).toBe('/api/export.json');
  });

  it('needs the email typed to confirm, then deletes, forgets the user and goes home with a toast', async () => {
    const { calls } = mockApi({ 'DELETE /api/users/profile': { message: 'Account deleted' } });
    const onDeleted = vi.fn(async () => {});
    renderWithApp(<DeleteAccountSection onDeleted={onDeleted} />, { route: '/profile' });
    await userEvent.type(screen.getByLabelText(/to confirm/), 'someone@else.com');
    await userEvent.type(screen.getByLabelText('Your password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Type the email of this account to confirm')).toBeTruthy();
    expect(calls).toEqual([]);

    await userEvent.clear(screen.getByLabelText(/to confirm/));
    await userEvent.type(screen.getByLabelText(/to confirm/), USER.email.toUpperCase());
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Account deleted')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      path: '/api/users/profile',
      body: { currentPassword: 'secret' },
    });
    expect(onDeleted).toHaveBeenCalledOnce();
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it("puts the server's message under the password and keeps the user", async () => {
    mockApi({
      'DELETE /api/users/profile': reply(400, {
        message: 'Current password is incorrect',
        errors: { currentPassword: 'Current password is incorrect' },
      }),
    });
    const onDeleted = vi.fn(async () => {});
    renderWithApp(<DeleteAccountSection onDeleted={onDeleted} />, { route: '/profile' });
    await userEvent.type(screen.getByLabelText(/to confirm/), USER.email);
    await userEvent.type(screen.getByLabelText('Your password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findAllByText('Current password is incorrect')).toHaveLength(2); // field and toast
    expect(onDeleted).not.toHaveBeenCalled();
    expect(currentLocation()).toBe('/profile');
  });
});
