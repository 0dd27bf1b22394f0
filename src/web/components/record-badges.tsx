import type { RecordName } from '../../contract/records';
import { RECORD_NAMES } from './record-names';

/** A pill per record the session set when it happened (docs/api.md §10); nothing when none. */
export function RecordBadges({ names }: { names: readonly RecordName[] }) {
  if (names.length === 0) return null;
  return (
    <ul className="record-badges" aria-label="Personal records set in this session">
      {names.map((name) => (
        <li key={name} className="record-badge">
          <span aria-hidden="true">PR · </span>
          <span className="sr-only">Personal record: </span>
          {RECORD_NAMES[name]}
        </li>
      ))}
    </ul>
  );
}
