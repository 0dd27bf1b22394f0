import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronLeftIcon } from './page-icons';

/**
 * 'Go Back' returns to the previous screen of this app; opened directly (no in-app history,
 * e.g. from an emailed link) it goes to `fallback` instead of leaving the site.
 */
export function GoBack({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <Link to={fallback} className="back-link" onClick={onClick}>
      <ChevronLeftIcon width={18} height={18} />
      Go Back
    </Link>
  );
}
