import { Link } from 'react-router';
import { MoreMenu } from './more-menu';
import { EditIcon, TrashIcon } from './page-icons';
import { Spinner } from './spinner';

interface RecordActionsProps {
  editTo: string;
  onDelete: () => void;
  isDeleting: boolean;
}

/**
 * Edit, and Delete behind the More (⋯) menu, in a record's page head (log, exercise, session,
 * workout): out of a thumb's slip (docs/api.md §14).
 */
export function RecordActions({ editTo, onDelete, isDeleting }: RecordActionsProps) {
  return (
    <div className="actions">
      <Link to={editTo} className="btn btn-secondary">
        <EditIcon width={18} height={18} />
        Edit
      </Link>
      <MoreMenu
        items={[
          {
            label: 'Delete',
            onSelect: onDelete,
            danger: true,
            disabled: isDeleting,
            icon: isDeleting ? <Spinner small /> : <TrashIcon width={18} height={18} />,
          },
        ]}
      />
    </div>
  );
}
