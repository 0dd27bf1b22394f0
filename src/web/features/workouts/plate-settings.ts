import type { WeightUnit } from '../../../contract/metrics';
import { DEFAULT_PLATE_SETTINGS, type PlateSettings } from '../../../contract/plates';
import type { UserInfo } from '../../../contract/users';

/**
 * The gym fields the account's user info carries (docs/api.md §11: `restSeconds`; plate settings
 * per weight unit), read loosely: an answer without them means the defaults.
 */
type GymUserInfo = UserInfo & {
  restSeconds?: number | null;
  plateSettings?: Partial<Record<WeightUnit, PlateSettings>> | null;
};

export function profileRestSeconds(user: UserInfo | null): number | null {
  const rest = (user as GymUserInfo | null)?.restSeconds;
  return typeof rest === 'number' ? rest : null;
}

export function plateSettingsOf(user: UserInfo | null, unit: WeightUnit): PlateSettings {
  const kept = (user as GymUserInfo | null)?.plateSettings?.[unit];
  return kept && Array.isArray(kept.plates) && typeof kept.bar === 'number'
    ? kept
    : DEFAULT_PLATE_SETTINGS[unit];
}

/** The PUT /api/users/profile body that changes this unit's plates and keeps everything else. */
export function plateSettingsBody(user: UserInfo, unit: WeightUnit, settings: PlateSettings) {
  const kept = (user as GymUserInfo).plateSettings ?? {};
  return { username: user.username, email: user.email, plateSettings: { ...kept, [unit]: settings } };
}
