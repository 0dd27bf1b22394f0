import { type ComponentType, useEffect, useRef } from 'react';
import ReactPaginateModule, { type ReactPaginateProps } from 'react-paginate';
import { ChevronLeftIcon, ChevronRightIcon } from './page-icons';

// react-paginate ships one UMD file marked __esModule: depending on the bundler's CommonJS
// interop its default import is the component or the module object holding it.
const ReactPaginate: ComponentType<ReactPaginateProps> =
  (ReactPaginateModule as unknown as { default?: ComponentType<ReactPaginateProps> }).default ??
  ReactPaginateModule;

/** docs/product.md §2: one page at each edge, a window of 9 pages, previous/next arrows. */
export const MARGIN_PAGES = 1;
export const PAGE_RANGE = 9;

interface PaginationProps {
  /** 1-based, as in the address. */
  page: number;
  /** From the server; 0 (an empty list) counts as one empty page. */
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
}

export function Pagination({ page, totalPages, onPageChange, label = 'Pagination' }: PaginationProps) {
  const pageCount = Math.max(1, totalPages);
  const navRef = useRef<HTMLElement>(null);
  // react-paginate puts role="navigation" on its <ul>, which is not an allowed role for a list
  // (axe/Lighthouse flag it); our <nav> already is the landmark, so the list stays a list.
  useEffect(() => {
    navRef.current?.querySelector('ul[role="navigation"]')?.removeAttribute('role');
  });
  // A single page has nowhere to go: no control at all rather than two dead arrows.
  if (pageCount <= 1) return null;
  return (
    <nav ref={navRef} className="pagination-wrap" aria-label={label}>
      <ReactPaginate
        pageCount={pageCount}
        forcePage={Math.min(page, pageCount) - 1}
        marginPagesDisplayed={MARGIN_PAGES}
        pageRangeDisplayed={PAGE_RANGE}
        onPageChange={({ selected }) => onPageChange(selected + 1)}
        previousLabel={<ChevronLeftIcon width={18} height={18} />}
        nextLabel={<ChevronRightIcon width={18} height={18} />}
        previousAriaLabel="Previous page"
        nextAriaLabel="Next page"
        breakLabel="…"
        containerClassName="pagination"
        pageLinkClassName="pagination-link"
        previousLinkClassName="pagination-link pagination-arrow"
        nextLinkClassName="pagination-link pagination-arrow"
        breakLinkClassName="pagination-link pagination-break"
        activeClassName="is-active"
        disabledClassName="is-disabled"
      />
    </nav>
  );
}
