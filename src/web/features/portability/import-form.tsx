import { useEffect, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { toastError } from '../../lib/error-toast';
import { FormField, invalidProps } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { SubmitButton } from '../../components/submit-button';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/form/use-schema-form';
import { useImportDataMutation, usePreviewImportMutation } from './data.api';
import { guessSourceOfFile, SOURCES, toImportArgs } from './import-choices';
import { describeCreated, ImportSummaryView } from './import-summary';
import { RadioGroup } from '../../components/radio-group';

const WEIGHT_UNITS = [
  { value: 'kg', label: 'kg' },
  { value: 'lb', label: 'lb' },
] as const;
const DISTANCE_UNITS = [
  { value: 'km', label: 'km' },
  { value: 'mi', label: 'mi' },
] as const;

/**
 * Choose a file and where it comes from; a dry run then shows what it would create, and Import
 * writes it. Nothing is saved before the button is pressed.
 */
export function ImportForm() {
  const {
    control,
    register,
    submit,
    resetField,
    setValue,
    formState: { errors },
  } = useSchemaForm(() => import('./import-choices').then((m) => m.importForm), {
    onSubmit: send,
    onError: (error) => toastError(errorMessage(error)),
    // The file's size is checked as soon as it is chosen, not only on Import.
    mode: 'onChange',
    defaultValues: { file: undefined, source: undefined, unit: null, distanceUnit: 'km' },
  });
  const [file, source, unit, distanceUnit] = useWatch({
    control,
    name: ['file', 'source', 'unit', 'distanceUnit'],
  });
  // One object per distinct choice: the dry run below reruns only when a choice changes.
  const args = useMemo(
    () => toImportArgs({ file, source, unit, distanceUnit }),
    [file, source, unit, distanceUnit],
  );
  const [runPreview, preview] = usePreviewImportMutation();
  const [runImport, imported] = useImportDataMutation();
  // A new key empties the file input after an import (its value cannot be set from script).
  const [fileInputKey, setFileInputKey] = useState(0);

  useEffect(() => {
    if (!args) return;
    const pending = runPreview(args);
    // A newer choice replaces this dry run; its answer would be about the old one.
    return () => pending.abort();
  }, [args, runPreview]);

  const isPreviewCurrent = args !== null && preview.originalArgs === args;
  const isChecking = args !== null && (!isPreviewCurrent || preview.isLoading);
  const isImporting = imported.isLoading;

  async function send() {
    if (!args) return;
    const summary = await runImport(args).unwrap();
    const created = describeCreated(summary);
    if (created === 'nothing new') toast.info('Nothing new to import');
    else toast.success(`Imported ${created}`);
    resetField('file');
    setFileInputKey((key) => key + 1);
  }

  let panel = (
    <p className="muted">
      Choose a file and its source to see what it would add. Nothing is saved before Import.
    </p>
  );
  if (isImporting) {
    panel = <Progress text="Importing… a large file takes a few seconds." />;
  } else if (args && imported.error && imported.originalArgs === args) {
    panel = <LoadError error={imported.error} />;
  } else if (isChecking) {
    panel = <Progress text="Checking the file…" />;
  } else if (isPreviewCurrent && preview.error) {
    panel = <LoadError error={preview.error} />;
  } else if (isPreviewCurrent && preview.data) {
    panel = <ImportSummaryView summary={preview.data} />;
  } else if (!args && imported.data) {
    panel = <ImportSummaryView summary={imported.data} />;
  }

  const fileError = errors.file?.message;
  return (
    <form className="form" noValidate onSubmit={submit}>
      <FormField
        id="import-file"
        label="File"
        error={fileError}
        hint="Our JSON export, or a CSV from Hevy, Strong or FitNotes: up to 10 MB."
      >
        <Controller
          control={control}
          name="file"
          render={({ field }) => (
            <input
              key={fileInputKey}
              id="import-file"
              ref={field.ref}
              name={field.name}
              type="file"
              className="input input-file"
              accept=".json,.csv,application/json,text/csv"
              onBlur={field.onBlur}
              onChange={async (event) => {
                const chosen = event.target.files?.[0];
                // The header tells Hevy from Strong; a guess the person can still change.
                const guess = chosen ? await guessSourceOfFile(chosen) : null;
                if (guess) setValue('source', guess, { shouldValidate: true });
                field.onChange(chosen);
              }}
              {...invalidProps('import-file', fileError)}
            />
          )}
        />
      </FormField>
      <RadioGroup
        id="import-source"
        legend="Source"
        options={SOURCES}
        layout="column"
        field={register('source')}
        error={errors.source?.message}
      />
      {source === 'strong' && (
        <div className="import-units">
          <RadioGroup
            id="import-unit"
            legend="Weight unit"
            options={WEIGHT_UNITS}
            field={register('unit')}
            error={errors.unit?.message}
            hint="As set in Strong: its file does not say."
          />
          <RadioGroup
            id="import-distance-unit"
            legend="Distance unit"
            options={DISTANCE_UNITS}
            field={register('distanceUnit')}
          />
        </div>
      )}
      <div className="import-panel" aria-live="polite">
        {panel}
      </div>
      <SubmitButton isSaving={isImporting} disabled={isChecking} label="Import" />
    </form>
  );
}

function Progress({ text }: { text: string }) {
  return (
    <p className="import-progress" role="status">
      <Spinner small />
      {text}
    </p>
  );
}
