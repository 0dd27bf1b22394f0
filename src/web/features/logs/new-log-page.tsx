import { BackLink } from '../../components/back-link';
import { FormPage } from '../../components/form-page';
import { TitleForm, type TitleValues } from '../../components/title-form';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useSave } from '../../lib/use-save';
import { useCreateLogMutation } from './logs.api';

const logBodySchema = () => import('../../../contract/logs').then((m) => m.logBody);

export function NewLogPage() {
  useDocumentTitle('New Log');
  const save = useSave();
  const [createLog, { isLoading }] = useCreateLogMutation();
  const onSubmit = (values: TitleValues) =>
    save(() => createLog(values).unwrap(), { done: 'Log created', then: (log) => paths.log(log.slugLog) });

  return (
    <FormPage
      title="New Log"
      back={<BackLink to={paths.logs} />}
      intro="A log holds one plan or goal; its exercises and sessions live inside it."
    >
      <TitleForm
        schema={logBodySchema}
        placeholder="e.g. Summer strength block"
        isSaving={isLoading}
        onSubmit={onSubmit}
      />
    </FormPage>
  );
}
