import { useWatch } from 'react-hook-form';
import { formatNumber, sessionVolumes } from '../../../contract/metrics';
import { wlsessionBody, type WlsessionValues } from '../../../contract/sessions';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { SetRows, type WlFormInput } from './set-rows';

interface WlSessionFormProps {
  defaultValues: WlFormInput;
  isSaving: boolean;
  onSubmit: (values: WlsessionValues) => Promise<unknown>;
}

export function WlSessionForm({ defaultValues, isSaving, onSubmit }: WlSessionFormProps) {
  const {
    control,
    register,
    submit,
    formState: { errors },
  } = useSchemaForm(wlsessionBody, {
    onSubmit,
    defaultValues,
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        id="createdDate"
        label="Date"
        type="date"
        error={errors.createdDate?.message}
        {...register('createdDate')}
      />
      <SetRows control={control} register={register} errors={errors} />
      <TotalPreview control={control} />
      <SubmitButton isSaving={isSaving} />
    </form>
  );
}

/** A live total while typing; the server computes the stored figures (docs/api.md §5). */
function TotalPreview({ control }: { control: WlFormProps['control'] }) {
  const sets = useWatch({ control, name: 'set' }) ?? [];
  const numeric = sets.map((s) => ({
    repetitions: Number(s?.repetitions) || 0,
    kilograms: Number(s?.kilograms) || 0,
    isHard: s?.isHard === true,
  }));
  const volumes = sessionVolumes(numeric);
  return (
    <p className="volume-preview">
      <span>
        Total <strong>{formatNumber(volumes.totalVolume)}</strong>
      </span>
      <span>
        Work <strong>{formatNumber(volumes.workingVolume)}</strong>
      </span>
      <span>
        Junk <strong>{formatNumber(volumes.junkVolume)}</strong>
      </span>
    </p>
  );
}

type WlFormProps = Parameters<typeof SetRows>[0];
