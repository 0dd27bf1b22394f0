import { ProfilePage } from '../features/auth/profile-page';
import { YourDataSection } from '../features/portability/your-data-section';

/** /profile: the account form, then "Your data". Features meet here, never in each other. */
export function ProfileScreen() {
  return (
    <ProfilePage>
      <YourDataSection />
    </ProfilePage>
  );
}
