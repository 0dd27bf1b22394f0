import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { logBody } from '../../../contract/logs';
import { BackLink } from '../../components/back-link';
import { TitleForm, type TitleValues } from '../../components/title-form';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useCreateLogMutation } from './logs.api';

export function NewLogPage() {
  useDocumentTitle('New Log');
  const navigate = useNavigate();
  const [createLog, { isLoading }] = useCreateLogMutation();

  const onSubmit = async (values: TitleValues) => {
    try {
      await createLog(values).unwrap();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    toast.success('Log created');
    navigate(paths.logs);
  };

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
