import { logBody } from '../../../contract/logs';
import { BackLink } from '../../components/back-link';
import { TitleForm, type TitleValues } from '../../components/title-form';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useSave } from '../../lib/use-save';
import { useCreateLogMutation } from './logs.api';

export function NewLogPage() {
  useDocumentTitle('New Log');
  const save = useSave();
  const [createLog, { isLoading }] = useCreateLogMutation();
  const onSubmit = (values: TitleValues) =>
    save(() => createLog(values).unwrap(), { done: 'Log created', then: paths.logs });

  return (
    <section className="page page-narrow">
      <BackLink to={paths.logs} />
      <div className="card form-card">
        <h1>New Log</h1>
        <p className="muted">A log holds one plan or goal; its exercises and sessions live inside it.</p>
        <TitleForm
          schema={logBody}
          placeholder="e.g. Summer strength block"
          isSaving={isLoading}
          onSubmit={onSubmit}
        />
      </div>
    </section>
  );
}
