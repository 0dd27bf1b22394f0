import { type FormEvent, memo, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { canRetry, toastError } from '../../lib/error-toast';
import { formatNumber, type WeightUnit } from '../../../contract/metrics';
import { loadPlates, type PlateSettings, plateSettings } from '../../../contract/plates';
import { errorMessage } from '../../lib/errors';
import { authStore, useUserInfo } from '../../lib/auth-store';
import { useSaveGymSettingsMutation } from '../../lib/gym.api';
import { plateSettingsBody, plateSettingsOf } from './plate-settings';

/** What to load for `weight` with the account's bar and plates, as one line (docs/api.md §11). */
export function plateLine(weight: number, settings: PlateSettings, unit: WeightUnit): string {
  const load = loadPlates(weight, settings);
  if (load.belowBar) return `Below the bar (${formatNumber(settings.bar)} ${unit})`;
  if (load.perSide.length === 0 && load.difference === 0) return 'Empty bar';
  const perSide = load.perSide.length ? load.perSide.map(formatNumber).join(' + ') : 'nothing';
  const exact = load.difference === 0;
  return exact
    ? `Per side: ${perSide}`
    : `Per side: ${perSide} = ${formatNumber(load.total)} ${unit} (${formatNumber(load.difference)} ${unit} short)`;
}

/** The plates per side for a set's weight, shown under its row. */
export function PlateHint({ weight, unit }: { weight: string; unit: WeightUnit }) {
  const user = useUserInfo();
  const value = Number(weight);
  if (weight.trim() === '' || !Number.isFinite(value) || value <= 0) return null;
  return <p className="plate-hint">{plateLine(value, plateSettingsOf(user, unit), unit)}</p>;
}

/**
 * The account's bar and plate sizes for its unit, changed here and kept with the profile. Memoised:
 * the workout screen renders again on every tick, this form only with the unit or the profile.
 */
export const PlateSettingsEditor = memo(function PlateSettingsEditor({ unit }: { unit: WeightUnit }) {
  const user = useUserInfo();
  const current = plateSettingsOf(user, unit);
  const [bar, setBar] = useState(String(current.bar));
  const [plates, setPlates] = useState(current.plates.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [updateProfile, { isLoading }] = useSaveGymSettingsMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = plateSettings.safeParse({
      bar,
      plates: plates
        .split(/[,\s]+/)
        .map((p) => p.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the plates');
      return;
    }
    setError(null);
    if (!user) return;
    await send(plateSettingsBody(user, unit, parsed.data));
  };

  // Retry (no answer or a 5xx) sends the same settings again.
  const send = async (body: Parameters<typeof updateProfile>[0]) => {
    try {
      authStore.signIn(await updateProfile(body).unwrap());
      toast.success('Plates saved');
    } catch (failure) {
      toastError(errorMessage(failure), { retry: canRetry(failure) ? () => void send(body) : undefined });
    }
  };

  return (
    <details className="card plate-settings">
      <summary>Plate settings ({unit})</summary>
      <form className="plate-settings-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label htmlFor="plate-bar" className="field-label">
            Bar ({unit})
          </label>
          <input
            id="plate-bar"
            className="input"
            inputMode="decimal"
            value={bar}
            onChange={(e) => setBar(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="plate-sizes" className="field-label">
            Plates ({unit}, comma separated)
          </label>
          <input
            id="plate-sizes"
            className="input"
            inputMode="decimal"
            value={plates}
            onChange={(e) => setPlates(e.target.value)}
          />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-secondary" disabled={isLoading}>
          Save plates
        </button>
      </form>
    </details>
  );
});
