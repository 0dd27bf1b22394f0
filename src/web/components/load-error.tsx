import { errorMessage } from '../lib/errors';

/** A load failure shown in place of the content (docs/product.md §8). */
export function LoadError({ error }: { error: unknown }) {
  return (
    <p className="alert alert-error" role="alert">
      {errorMessage(error)}
    </p>
  );
}
