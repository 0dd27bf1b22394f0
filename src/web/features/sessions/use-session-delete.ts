import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { confirmDelete } from '../../components/confirm';
import { errorMessage } from '../../lib/errors';

/**
 * 'Are you sure?', then stop fetching the session (so the invalidation does not reload what is
 * being deleted), delete, and go back to the exercise; on failure fetching resumes.
 */
export function useSessionDelete(remove: () => Promise<unknown>, exercisePath: string) {
  const navigate = useNavigate();
  const [isFetchSkipped, setIsFetchSkipped] = useState(false);
  const onDelete = async () => {
    if (!confirmDelete()) return;
    setIsFetchSkipped(true);
    try {
      await remove();
      toast.success('Session deleted');
      navigate(exercisePath, { replace: true });
    } catch (error) {
      setIsFetchSkipped(false);
      toast.error(errorMessage(error));
    }
  };
  return { isFetchSkipped, onDelete };
}
