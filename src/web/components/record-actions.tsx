import { Link } from 'react-router';
import { EditIcon, TrashIcon } from './page-icons';
import { Spinner } from './spinner';

interface RecordActionsProps {
  editTo: string;
  onDelete: () => void;
  isDeleting: boolean;
}

/** Edit and Delete in a record's page head (log, exercise, session). */
export function RecordActions({ editTo, onDelete, isDeleting }: RecordActionsProps) {
  return (
    <div className="actions">
      <Link to={editTo} className="btn btn-secondary">
        <EditIcon width={18} height={18} />
        Edit
      </Link>
      <button type="button" className="btn btn-danger" onClick={onDelete} disabled={isDeleting}>
        {isDeleting ? <Spinner small /> : <TrashIcon width={18} height={18} />}
        Delete
      </button>
    </div>
  );
}
