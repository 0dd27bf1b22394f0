import { useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { FormPage } from '../../components/form-page';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { TitleForm, type TitleValues } from '../../components/title-form';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useSave } from '../../lib/use-save';
import { useGetLogForEditQuery, useUpdateLogMutation } from './logs.api';

const logBodySchema = () => import('../../../contract/logs').then((m) => m.logBody);

export function EditLogPage() {
  useDocumentTitle('Edit Log');
  const { id = '' } = useParams();
  const save = useSave();
  const { data: log, error, isLoading } = useGetLogForEditQuery(id);
  const [updateLog, { isLoading: isSaving }] = useUpdateLogMutation();

  const onSubmit = async (values: TitleValues) => {
    if (!log) return;
    await save(() => updateLog({ ...log, ...values, _id: log._id }).unwrap(), {
      done: 'Log updated',
      then: paths.logs,
    });
  };

  return (
    <FormPage title="Edit Log" back={<BackLink to={log ? paths.log(log.slugLog) : paths.logs} />}>
      {isLoading ? (
        <Spinner />
      ) : error || !log ? (
        <LoadError error={error} />
      ) : (
        <TitleForm
          key={log._id}
          schema={logBodySchema}
          placeholder="e.g. Summer strength block"
          defaultTitle={log.title}
          isSaving={isSaving}
          onSubmit={onSubmit}
        />
      )}
    </FormPage>
  );
}
