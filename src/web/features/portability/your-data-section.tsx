import { DownloadIcon } from '../../components/page-icons';
import { ImportForm } from './import-form';

/**
 * "Your data" on the profile screen: take everything away (plain links: the download carries the
 * session cookie of this origin and the server names the file) or bring a history in.
 */
export function YourDataSection() {
  return (
    <section className="card data-section" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <div className="data-part">
        <h3>Export</h3>
        <p className="muted">
          Every log, exercise and session. The JSON file can be imported again, here or in another account;
          the CSV opens in a spreadsheet.
        </p>
        <div className="data-downloads">
          <a className="btn btn-secondary" href="/api/export.json" download>
            <DownloadIcon width={18} height={18} />
            Download JSON
          </a>
          <a className="btn btn-secondary" href="/api/export.csv" download>
            <DownloadIcon width={18} height={18} />
            Download CSV
          </a>
        </div>
      </div>
      <div className="data-part">
        <h3>Import</h3>
        <p className="muted">
          Bring your history from Hevy, Strong or FitNotes, or restore our JSON export. Importing the same
          file twice adds nothing the second time.
        </p>
        <ImportForm />
      </div>
    </section>
  );
}
