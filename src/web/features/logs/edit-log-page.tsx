import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { logBody } from '../../../contract/logs';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { TitleForm, type TitleValues } from '../../components/title-form';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle, useUserInfo } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useGetLogForEditQuery, useUpdateLogMutation } from './logs.api';

export function EditLogPage() {
  useDocumentTitle('Edit Log');
  const { id = '' } = useParams();
  const userInfo = useUserInfo();
  const navigate = useNavigate();
  const { data: log, error, isLoading } = useGetLogForEditQuery(id);
  const [updateLog, { isLoading: isSaving }] = useUpdateLogMutation();

  const onSubmit = async (values: TitleValues) => {
    if (!log) return;
    try {
      await updateLog({ ...log, ...values, _id: log._id }).unwrap();
    } catch (err) {
      toast.error(errorMessage(err));
      throw err;
    }
    toast.success('Log updated');
    navigate(paths.logs);
  };

  return (
    <section className="page page-narrow">
      <BackLink to={log ? paths.log(log.slugLog) : paths.logs} />
      <div className="card form-card">
        <h1>Edit Log</h1>
        {isLoading ? (
          <Spinner />
        ) : error || !log ? (
          <LoadError error={error} />
        ) : log.author === userInfo?._id ? (
          <TitleForm
            key={log._id}
            schema={logBody}
            placeholder="e.g. Summer strength block"
            defaultTitle={log.title}
            isSaving={isSaving}
            onSubmit={onSubmit}
          />
        ) : null}
      </div>
    </section>
  );
}
