import { Link } from 'react-router';
import { formatCalendarDate } from '../../../contract/dates';
import { BackLink } from '../../components/back-link';
import { EditIcon, TrashIcon } from '../../components/page-icons';
import { Spinner } from '../../components/spinner';

interface SessionHeadProps {
  backTo: string;
  kindLabel: string;
  createdDate: string;
  editTo: string | null;
  onDelete: (() => void) | null;
  isDeleting: boolean;
}

/** The date as the title, with Edit and Delete for the author only (docs/product.md §2). */
export function SessionHead({
  backTo,
  kindLabel,
  createdDate,
  editTo,
  onDelete,
  isDeleting,
}: SessionHeadProps) {
  return (
    <>
      <BackLink to={backTo} />
      <div className="page-head">
        <div>
          <p className="eyebrow">{kindLabel}</p>
          <h1>
            <time dateTime={createdDate}>{formatCalendarDate(createdDate)}</time>
          </h1>
        </div>
        {(editTo || onDelete) && (
          <div className="actions">
            {editTo && (
              <Link to={editTo} className="btn btn-secondary">
                <EditIcon width={18} height={18} />
                Edit
              </Link>
            )}
            {onDelete && (
              <button type="button" className="btn btn-danger" onClick={onDelete} disabled={isDeleting}>
                {isDeleting ? <Spinner small /> : <TrashIcon width={18} height={18} />}
                Delete
              </button>
            )}
          </div>
        )}
      </div>
    </>
  );
}
