import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp, reply, USER } from '../../test/render';
import { TwoFactorSection } from './two-factor-section';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Workout%20Log%3Aann%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-DD${String.fromCharCode(65 + i)}${i}`);

describe('TwoFactorSection', () => {
  it('sets up with the password, shows the QR code and the key, turns on with a code, and shows the recovery codes once', async () => {
    let twoFactor = false;
    const { calls } = mockApi({
      'GET /api/users/profile': () => ({ ...USER, twoFactor }),
      'POST /api/users/2fa/setup': SETUP,
      'POST /api/users/2fa/enable': () => {
        twoFactor = true;
        return { recoveryCodes: CODES };
      },
    });
    renderWithApp(<TwoFactorSection />, { route: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    // Each step takes the focus of the button that led to it (a keyboard user stays in place).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Current password')));
    await userEvent.type(screen.getByLabelText('Current password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code')));
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/users/2fa/setup')?.body).toEqual({ currentPassword: 'secret' });

    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const heading = await screen.findByRole('heading', { name: 'Your recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    for (const code of CODES) expect(screen.getByText(code)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download recovery codes' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeTruthy();
    expect(screen.queryByText(CODES[0])).toBeNull();
  });

  it("shows the server's message under the code on a wrong code", async () => {
    mockApi({
      'GET /api/users/profile': { ...USER, twoFactor: false },
      'POST /api/users/2fa/setup': SETUP,
      'POST /api/users/2fa/enable': reply(400, {
        message: 'The code is not valid',
        errors: { code: 'The code is not valid' },
      }),
    });
    renderWithApp(<TwoFactorSection />, { route: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true'));
  });

  it('turns off with the password and a code', async () => {
    let twoFactor = true;
    const { calls } = mockApi({
      'GET /api/users/profile': () => ({ ...USER, twoFactor }),
      'POST /api/users/2fa/disable': () => {
        twoFactor = false;
        return { message: 'Two-factor authentication is off' };
      },
    });
    renderWithApp(<TwoFactorSection />, { route: '/profile' });
    await userEvent.type(await screen.findByLabelText('Current password'), 'secret');
    await userEvent.type(screen.getByLabelText('Code'), 'AAAA-BBBB-CCCC-DDDD');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor authentication is off')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/users/2fa/disable')?.body).toEqual({
      currentPassword: 'secret',
      code: 'AAAA-BBBB-CCCC-DDDD',
    });
    expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeTruthy();
  });
});
