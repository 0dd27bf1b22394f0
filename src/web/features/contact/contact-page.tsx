import { GoBack } from '../../components/go-back';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/hooks';

export function ContactPage() {
  useDocumentTitle('Contact');
  const { config: data, failed } = useConfig();
  return (
    <section className="page page-narrow">
      <GoBack fallback="/" />
      <h1>Contact</h1>
      {failed ? (
        <LoadError error={{}} />
      ) : !data ? (
        <Spinner />
      ) : (
        <div className="card stack">
          <p className="muted">Questions, ideas or a bug to report? Write any time.</p>
          <p>
            <span className="detail-label">Email</span>
            <a className="contact-link" href={`mailto:${data.contactEmail}`}>
              {data.contactEmail}
            </a>
          </p>
          <p>
            <span className="detail-label">Portfolio</span>
            <a className="contact-link" href={data.portfolioUrl} target="_blank" rel="noopener noreferrer">
              View portfolio
            </a>
          </p>
        </div>
      )}
    </section>
  );
}
