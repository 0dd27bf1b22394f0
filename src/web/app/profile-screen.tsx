import { OidcLinkSection } from '../features/auth/oidc-link-section';
import { ProfilePage } from '../features/auth/profile-page';
import { TwoFactorSection } from '../features/auth/two-factor-section';
import { YourDataSection } from '../features/portability/your-data-section';

/** /profile: the account form, sign-in settings, then "Your data". Features meet here, never in each other. */
export function ProfileScreen() {
  return (
    <ProfilePage>
      <TwoFactorSection />
      <OidcLinkSection />
      <YourDataSection />
    </ProfilePage>
  );
}
