import { GoBack } from '../components/go-back';
import { useDocumentTitle } from '../lib/hooks';

export function NotFoundPage() {
  useDocumentTitle('Error Page');
  return (
    <section className="page page-narrow center-page">
      <p className="eyebrow">Error Page</p>
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1>This page does not exist</h1>
      <p className="muted">The address may be mistyped, or the page was moved or deleted.</p>
      <GoBack fallback="/" />
    </section>
  );
}
