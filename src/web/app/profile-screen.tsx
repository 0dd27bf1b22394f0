import { useNavigate } from 'react-router';
import { DeleteAccountSection } from '../features/auth/delete-account-section';
import { DevicesSection } from '../features/auth/devices-section';
import { OidcLinkSection } from '../features/auth/oidc-link-section';
import { ProfilePage } from '../features/auth/profile-page';
import { TrashSection } from '../features/auth/trash-section';
import { TwoFactorSection } from '../features/auth/two-factor-section';
import { YourDataSection } from '../features/portability/your-data-section';

/**
 * /profile: the account form, sign-in settings (two-factor, the identity provider), "Your data",
 * the trash, the devices and the account's deletion. Features meet here, never in each other; leaving (this
 * device's sign-out, a deleted account) goes through app/logout.ts, where the device forgets the
 * user (docs/api.md §12).
 */
export function ProfileScreen() {
  const navigate = useNavigate();
  const signOutHere = async () => {
    const { logoutUser } = await import('./logout');
    // False: the user chose to stay rather than discard sessions not yet synced.
    if (await logoutUser()) navigate('/');
  };
  const forgetDeletedAccount = async () => (await import('./logout')).forgetDeletedAccount();
  return (
    <ProfilePage>
      <TwoFactorSection />
      <OidcLinkSection />
      <YourDataSection />
      <TrashSection />
      <DevicesSection onSignOutHere={() => void signOutHere()} />
      <DeleteAccountSection onDeleted={forgetDeletedAccount} />
    </ProfilePage>
  );
}
