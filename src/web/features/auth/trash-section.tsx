import { formatMoment } from '../../../contract/dates';
import { useLayoutEffect, useRef } from 'react';
import type { TrashItem, TrashKind } from '../../../contract/trash';
import { confirmDelete } from '../../components/confirm';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import {
  useDeleteTrashItemMutation,
  useGetTrashQuery,
  useRestoreTrashItemMutation,
} from '../../lib/trash.api';
import { useSave } from '../../lib/use-save';
import './account-sections.css';

const KIND_LABELS: Record<TrashKind, string> = {
  log: 'Log',
  exercise: 'Exercise',
  wlsession: 'Weights session',
  pasession: 'Pace session',
  workout: 'Workout',
};

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What went to the trash with the record ("2 exercises, 14 sessions"); nothing for a session. */
function contents({ contains }: TrashItem): string | null {
  const parts = [
    contains.exercises > 0 ? count(contains.exercises, 'exercise') : null,
    contains.sessions > 0 ? count(contains.sessions, 'session') : null,
  ].filter(Boolean);
  return parts.length ? `With ${parts.join(', ')}` : null;
}

/**
 * Trash (docs/api.md §14): what the account deleted in the last 30 days, newest first, each with
 * **Restore** and **Delete for good** (after 'Are you sure?'). A delete anywhere in the app
 * refreshes it (lib/trash.api.ts' tags); a restore stays here, the record back in its lists.
 */
export function TrashSection() {
  const save = useSave();
  const { data, error, isLoading } = useGetTrashQuery();
  const [restore, { isLoading: isRestoring, originalArgs: restoring }] = useRestoreTrashItemMutation();
  const [purge, { isLoading: isPurging, originalArgs: purging }] = useDeleteTrashItemMutation();
  const items = data?.items ?? [];

  // A restored or deleted item's row leaves with the button that was focused: focus moves to the
  // row that takes its place (or the new last one), else to the heading, not to the page's top.
  const focusedRow = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    const at = focusedRow.current;
    const active = document.activeElement;
    if (at === null || (active !== null && active !== document.body)) return;
    focusedRow.current = null;
    const rows = list.current?.children;
    const row = rows?.[Math.min(at, rows.length - 1)];
    (row?.querySelector<HTMLElement>('button') ?? heading.current)?.focus();
  }, [data]);

  const onRestore = (item: TrashItem) =>
    save(() => restore(item._id).unwrap(), { done: (answer) => answer.message }).catch(() => {});
  const onPurge = (item: TrashItem) => {
    if (!confirmDelete()) return;
    void save(() => purge(item._id).unwrap(), { done: (answer) => answer.message }).catch(() => {});
  };

  return (
    <section className="card data-section" aria-labelledby="trash-title">
      <h2 id="trash-title" ref={heading} tabIndex={-1}>
        Trash
      </h2>
      <p className="muted">Deleted logs, exercises, sessions and workouts stay here for 30 days.</p>
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <LoadError error={error} />
      ) : items.length === 0 ? (
        <p className="trash-empty">The trash is empty.</p>
      ) : (
        <ul className="device-list" ref={list}>
          {items.map((item, index) => {
            const busy = (isRestoring && restoring === item._id) || (isPurging && purging === item._id);
            const withWhat = contents(item);
            return (
              <li
                key={item._id}
                className="device-row trash-row"
                onFocus={() => (focusedRow.current = index)}
                onBlur={(event) => {
                  if (event.relatedTarget && !list.current?.contains(event.relatedTarget))
                    focusedRow.current = null;
                }}
              >
                <div className="device-text">
                  <span className="device-name">
                    <span className="badge">{KIND_LABELS[item.kind]}</span>
                    {item.title}
                  </span>
                  <span className="muted device-times">
                    Deleted {formatMoment(item.deletedAt)}
                    {withWhat && ` · ${withWhat}`}
                  </span>
                </div>
                <div className="actions">
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => void onRestore(item)}
                    disabled={busy}
                    aria-label={`Restore ${item.title}`}
                  >
                    Restore
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger"
                    onClick={() => onPurge(item)}
                    disabled={busy}
                    aria-label={`Delete for good: ${item.title}`}
                  >
                    Delete for good
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
