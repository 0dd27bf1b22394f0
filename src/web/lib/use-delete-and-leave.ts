import { useState } from 'react';
import { confirmDelete } from '../components/confirm';
import { useSave } from './use-save';

/**
 * The delete button of the log, exercise and session pages: 'Are you sure?', then stop fetching
 * the record (pass `isFetchSkipped` as the query's `skip`, so the invalidation does not reload
 * what is being deleted), delete, toast `done` and go to `leaveTo` (`useSave`); on failure
 * fetching resumes and the server's message is toasted (docs/product.md §8).
 */
export function useDeleteAndLeave(remove: () => Promise<unknown>, done: string, leaveTo: string) {
  const save = useSave();
  const [isFetchSkipped, setIsFetchSkipped] = useState(false);
  const onDelete = async () => {
    if (!confirmDelete()) return;
    setIsFetchSkipped(true);
    await save(remove, { done, then: leaveTo, replace: true }).catch(() => setIsFetchSkipped(false));
  };
  return { isFetchSkipped, onDelete };
}
