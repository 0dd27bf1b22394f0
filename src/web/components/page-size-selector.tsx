import { useId } from 'react';
import { PAGE_SIZES } from '../../contract/page-query';

interface PageSizeSelectorProps {
  limit: number;
  onChange: (limit: number) => void;
}

/**
 * Offers 12, 24 and 48 (docs/product.md §9). A size typed in the address (or the logs list's default 10)
 * is listed too, so the control always shows the size actually in use.
 */
export function PageSizeSelector({ limit, onChange }: PageSizeSelectorProps) {
  const id = useId();
  const sizes: number[] = [...PAGE_SIZES];
  if (!sizes.includes(limit)) sizes.push(limit);
  sizes.sort((a, b) => a - b);
  return (
    <div className="page-size">
      <label htmlFor={id}>Per page</label>
      <select id={id} className="select" value={limit} onChange={(e) => onChange(Number(e.target.value))}>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
