import { Link } from 'react-router';
import { ChevronLeftIcon } from './page-icons';

export function BackLink({ to, label = 'Back' }: { to: string; label?: string }) {
  return (
    <Link to={to} className="back-link">
      <ChevronLeftIcon width={18} height={18} />
      {label}
    </Link>
  );
}
