import { useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { formatPace, formatSpeed, paceFigures } from '../../../contract/metrics';
import type { pasessionBody, PasessionValues } from '../../../contract/sessions';
import { TextField } from '../../components/text-field';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { SessionFormFrame } from './session-form-frame';

export type PaFormInput = z.input<typeof pasessionBody>;

/** docs/product.md §5: time and distance start at 0. */
export const EMPTY_PACE = { time: { hours: 0, minutes: 0, seconds: 0 }, distance: 0 };

interface PaSessionFormProps {
  defaultValues: PaFormInput;
  isSaving: boolean;
  onSubmit: (values: PasessionValues) => Promise<unknown>;
  /** Where the unsaved form is kept on the device (new sessions only). */
  draftKey?: string;
}

const numberProps = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const;

export function PaSessionForm({ defaultValues, isSaving, onSubmit, draftKey }: PaSessionFormProps) {
  const {
    control,
    register,
    submit,
    draft,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/sessions').then((m) => m.pasessionBody), {
    onSubmit,
    defaultValues,
    draftKey,
  });
  const notes = useWatch({ control, name: 'notes' });

  const timeError = errors.time?.message;
  return (
    <SessionFormFrame
      submit={submit}
      draft={draft}
      date={{ field: register('createdDate'), error: errors.createdDate?.message }}
      notes={{
        field: register('notes'),
        error: errors.notes?.message,
        length: typeof notes === 'string' ? notes.length : 0,
      }}
      isSaving={isSaving}
    >
      <fieldset className="field">
        <legend className="field-label">Time</legend>
        {timeError && <p className="field-error">{timeError}</p>}
        <div className="grid-3">
          <TextField
            id="time-hours"
            label="Hours"
            {...numberProps}
            error={errors.time?.hours?.message}
            {...register('time.hours')}
          />
          <TextField
            id="time-minutes"
            label="Minutes"
            {...numberProps}
            error={errors.time?.minutes?.message}
            {...register('time.minutes')}
          />
          <TextField
            id="time-seconds"
            label="Seconds"
            {...numberProps}
            error={errors.time?.seconds?.message}
            {...register('time.seconds')}
          />
        </div>
      </fieldset>
      <TextField
        id="distance"
        label="Distance"
        suffix="km"
        {...numberProps}
        error={errors.distance?.message}
        {...register('distance')}
      />
      <PacePreview control={control} />
    </SessionFormFrame>
  );
}

/** Pace and speed as they will be stored, computed with the server's own formula while typing. */
function PacePreview({ control }: { control: Control<PaFormInput, unknown, PasessionValues> }) {
  const [time, distance] = useWatch({ control, name: ['time', 'distance'] });
  const t = time as { hours?: unknown; minutes?: unknown; seconds?: unknown } | undefined;
  const figures = paceFigures(
    { hours: Number(t?.hours) || 0, minutes: Number(t?.minutes) || 0, seconds: Number(t?.seconds) || 0 },
    Number(distance) || 0,
  );
  return (
    <p className="volume-preview">
      <span>
        Pace <strong>{formatPace(figures.paceMinutes, figures.paceSeconds)}</strong> min/km
      </span>
      <span>
        Speed <strong>{formatSpeed(figures.speed)}</strong> km/min
      </span>
    </p>
  );
}
