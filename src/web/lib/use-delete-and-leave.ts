import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createElement, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { confirmDelete } from '../components/confirm';
import { ToastAction } from '../components/toast-action';
import { useSave } from './use-save';
import { trashApi } from './trash.api';

/** How long a delete's toast offers Undo (docs/api.md §14). */
export const UNDO_MS = 10_000;

/**
 * The delete of the log, exercise, session and workout pages: 'Are you sure?', then stop fetching
 * the record (pass `isFetchSkipped` as the query's `skip`, so the invalidation does not reload
 * what is being deleted), delete, go to `leaveTo` (`useSave`) and toast `done` with Undo for 10 s;
 * on failure fetching resumes and the server's message is toasted (docs/product.md §8).
 *
 * Undo restores the record from the trash (its trash item's id is `recordId()`, read at the
 * delete), toasts the server's `Restored` and goes back to the record's page, from wherever the
 * user is by then: Undo is about that record. Every list shows it again (lib/trash.api.ts' tags).
 */
export function useDeleteAndLeave(
  remove: () => Promise<unknown>,
  done: string,
  leaveTo: string,
  recordId: () => string,
) {
  const save = useSave();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const navigate = useNavigate();
  const location = useLocation();
  const [isFetchSkipped, setIsFetchSkipped] = useState(false);

  // Also what the failure's Retry does: the same delete, already confirmed, and its Undo toast.
  const deleteAndLeave = async (id: string, backTo: string) => {
    setIsFetchSkipped(true);
    const retry = () => void deleteAndLeave(id, backTo);
    try {
      await save(remove, { done: () => null, then: leaveTo, replace: true, retry });
    } catch {
      setIsFetchSkipped(false);
      return;
    }
    // The page that asked is gone by now: what follows uses the store and the router only.
    const undo = async () => {
      const restore = () => dispatch(trashApi.endpoints.restoreTrashItem.initiate(id)).unwrap();
      const restored = await save(restore, {
        done: (answer) => answer.message,
        retry: () => void undo(),
      }).catch(() => null);
      if (restored) navigate(backTo);
    };
    const toast = await import('react-toastify/unstyled').then(
      (module) => module.toast,
      () => null,
    );
    toast?.success(
      ({ closeToast }) =>
        createElement(ToastAction, {
          message: done,
          label: 'Undo',
          kind: 'undo-toast',
          onAction: () => {
            closeToast();
            void undo();
          },
        }),
      { autoClose: UNDO_MS },
    );
  };
  const onDelete = async () => {
    if (!confirmDelete()) return;
    await deleteAndLeave(recordId(), `${location.pathname}${location.search}`);
  };
  return { isFetchSkipped, onDelete };
}
