import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { WeightUnit } from '../../../contract/metrics';
import { DEFAULT_PLATE_SETTINGS, type PlateSettings } from '../../../contract/plates';

// The gym settings of a profile (docs/api.md §11, migration 0015): the rest after a set and the
// bar and plates of each unit. Read with the user by every statement that returns one, so the
// user info of sign-in, sign-up and the profile carries them.

/** What the plates column holds: the units the user saved; null or a missing unit is the default. */
export type StoredPlates = Partial<Record<WeightUnit, PlateSettings>>;

export const PROFILE_SETTINGS_COLUMNS = 'rest_seconds as "restSeconds", plates';

const storedPlateSettings = z.object({ bar: z.number(), plates: z.array(z.number()) }).strict();

/** The row schema's part for PROFILE_SETTINGS_COLUMNS. */
export const profileSettingsRow = {
  restSeconds: z.number(),
  plates: z
    .object({ kg: storedPlateSettings.optional(), lb: storedPlateSettings.optional() })
    .strict()
    .nullable(),
};

/** The settings as the user info answers them: both units, the defaults where none were saved. */
export function profileSettings(user: { restSeconds: number; plates: StoredPlates | null }) {
  return {
    restSeconds: user.restSeconds,
    plates: {
      kg: user.plates?.kg ?? DEFAULT_PLATE_SETTINGS.kg,
      lb: user.plates?.lb ?? DEFAULT_PLATE_SETTINGS.lb,
    },
  };
}

/** The columns as SQL, for a statement that selects them from `users`. */
export const profileSettingsColumns = sql.raw(PROFILE_SETTINGS_COLUMNS);
