import type { WeightUnit } from '../../../contract/metrics';
import { DEFAULT_PLATE_SETTINGS, type PlateSettings } from '../../../contract/plates';
import type { UserInfo } from '../../../contract/users';

/**
 * The account's gym settings as its user info carries them (docs/api.md §11: `restSeconds`, and
 * `plates` per weight unit), read loosely: a user info kept on the device before they existed
 * has neither, which means the defaults.
 */
type StoredUserInfo = Omit<UserInfo, 'restSeconds' | 'plates'> &
  Partial<Pick<UserInfo, 'restSeconds' | 'plates'>>;

export function profileRestSeconds(user: StoredUserInfo | null): number | null {
  return typeof user?.restSeconds === 'number' ? user.restSeconds : null;
}

export function plateSettingsOf(user: StoredUserInfo | null, unit: WeightUnit): PlateSettings {
  const kept = user?.plates?.[unit];
  return kept && Array.isArray(kept.plates) && typeof kept.bar === 'number'
    ? kept
    : DEFAULT_PLATE_SETTINGS[unit];
}

/** The PUT /api/users/profile body that replaces this unit's plates and keeps everything else. */
export function plateSettingsBody(user: StoredUserInfo, unit: WeightUnit, settings: PlateSettings) {
  return { username: user.username, email: user.email, plates: { [unit]: settings } };
}
