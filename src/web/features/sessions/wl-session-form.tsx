import { useWatch } from 'react-hook-form';
import { formatNumber, sessionVolumes, type WeightUnit } from '../../../contract/metrics';
import type { WlSet, WlsessionValues } from '../../../contract/sessions';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useWeightUnit } from '../../lib/weight-unit';
import { SessionFormFrame } from './session-form-frame';
import { SetRows, typedSet, type WlFormInput } from './set-rows';

interface WlSessionFormProps {
  defaultValues: WlFormInput;
  isSaving: boolean;
  onSubmit: (values: WlsessionValues) => Promise<unknown>;
  /** The previous session's sets, for "Copy previous sets" (new sessions only). */
  previous?: WlSet[];
  /** Where the unsaved form is kept on the device (new sessions only). */
  draftKey?: string;
}

export function WlSessionForm({ defaultValues, isSaving, onSubmit, previous, draftKey }: WlSessionFormProps) {
  const unit = useWeightUnit();
  const {
    control,
    register,
    setValue,
    submit,
    draft,
    formState: { errors },
  } = useSchemaForm(() => import('../../../contract/sessions').then((m) => m.wlsessionBody), {
    onSubmit,
    defaultValues,
    draftKey,
  });
  const notes = useWatch({ control, name: 'notes' });

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
      <SetRows
        control={control}
        register={register}
        errors={errors}
        setValue={setValue}
        unit={unit}
        previous={previous}
      />
      <TotalPreview control={control} unit={unit} />
    </SessionFormFrame>
  );
}

/** A live total while typing, in the user's unit; the server computes the stored figures (docs/api.md §5). */
function TotalPreview({ control, unit }: { control: WlFormProps['control']; unit: WeightUnit }) {
  const sets = useWatch({ control, name: 'set' }) ?? [];
  const numeric = sets.map((s) => ({
    ...typedSet(Number(s?.repetitions) || 0, Number(unit === 'lb' ? s?.pounds : s?.kilograms) || 0, unit),
    isHard: s?.isHard === true,
  }));
  const volumes = sessionVolumes(numeric, unit);
  return (
    <p className="volume-preview">
      <span>
        Total <strong>{formatNumber(volumes.totalVolume)}</strong> {unit}
      </span>
      <span>
        Work <strong>{formatNumber(volumes.workingVolume)}</strong> {unit}
      </span>
      <span>
        Junk <strong>{formatNumber(volumes.junkVolume)}</strong> {unit}
      </span>
    </p>
  );
}

type WlFormProps = Parameters<typeof SetRows>[0];
