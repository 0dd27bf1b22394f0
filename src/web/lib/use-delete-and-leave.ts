import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { confirmDelete } from '../components/confirm';
import { errorMessage } from './errors';

/**
 * The delete button of the log, exercise and session pages: 'Are you sure?', then stop fetching
 * the record (pass `isFetchSkipped` as the query's `skip`, so the invalidation does not reload
 * what is being deleted), delete, toast `done` and go to `leaveTo`; on failure fetching resumes
 * and the server's message is toasted (docs/product.md §8).
 */
export function useDeleteAndLeave(remove: () => Promise<unknown>, done: string, leaveTo: string) {
  const navigate = useNavigate();
  const [isFetchSkipped, setIsFetchSkipped] = useState(false);
  const onDelete = async () => {
    if (!confirmDelete()) return;
    setIsFetchSkipped(true);
    try {
      await remove();
      toast.success(done);
      navigate(leaveTo, { replace: true });
    } catch (error) {
      setIsFetchSkipped(false);
      toast.error(errorMessage(error));
    }
  };
  return { isFetchSkipped, onDelete };
}
