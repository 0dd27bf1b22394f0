import { formatCalendarDate } from '../../../contract/dates';
import { BackLink } from '../../components/back-link';
import { RecordActions } from '../../components/record-actions';

interface SessionHeadProps {
  backTo: string;
  kindLabel: string;
  createdDate: string;
  editTo: string;
  onDelete: () => void;
  isDeleting: boolean;
}

/** The date as the title, with Edit and Delete. */
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
        <RecordActions editTo={editTo} onDelete={onDelete} isDeleting={isDeleting} />
      </div>
    </>
  );
}
