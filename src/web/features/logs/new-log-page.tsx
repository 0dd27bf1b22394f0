import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { BackLink } from '../../components/back-link';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { LogForm, type LogFormValues } from './log-form';
import { useCreateLogMutation } from './logs.api';

export function NewLogPage() {
  useDocumentTitle('New Log');
  const navigate = useNavigate();
  const [createLog, { isLoading }] = useCreateLogMutation();

  const onSubmit = async (values: LogFormValues) => {
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
        <LogForm isSaving={isLoading} onSubmit={onSubmit} />
      </div>
    </section>
  );
}
