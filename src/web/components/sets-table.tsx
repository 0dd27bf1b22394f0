import { formatNumber, setVolume, setWeight, type WeightUnit } from '../../contract/metrics';
import type { WlSet } from '../../contract/sessions';
import { unitLabel } from '../lib/weight-unit';
import { CheckIcon } from './page-icons';
import { SetTypeBadge } from './set-type-badge';
import './sets-table.css';

interface SetsTableProps {
  sets: readonly WlSet[];
  unit: WeightUnit;
  /** The table's caption and its region's name. */
  label: string;
  /** Inside a card of its own (a workout's exercise): tighter rows, no card around the table. */
  isInCard?: boolean;
}

/** None: a dash for the eye, a word for a screen reader. */
function Missing({ word }: { word: string }) {
  return (
    <span className="muted">
      <span aria-hidden="true">–</span>
      <span className="sr-only">{word}</span>
    </span>
  );
}

/**
 * A weight session's sets, one row each: its number with its type's badge, reps, weight and
 * volume in the user's unit, RPE and Hard (docs/api.md §10, §11). The session page and the
 * workout page show it.
 */
export function SetsTable({ sets, unit, label, isInCard = false }: SetsTableProps) {
  return (
    // Focusable so that, on a narrow screen where it scrolls sideways, a keyboard can scroll it.
    <div
      className={isInCard ? 'table-card sets-table' : 'card table-card sets-table'}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={isInCard ? 'table table-compact' : 'table'}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <th scope="col">Set</th>
            <th scope="col" className="num">
              Reps
            </th>
            <th scope="col" className="num">
              {unitLabel(unit)}
            </th>
            <th scope="col" className="num">
              RPE
            </th>
            <th scope="col" className="center">
              Hard
            </th>
            <th scope="col" className="num">
              Volume
            </th>
          </tr>
        </thead>
        <tbody>
          {sets.map((set, index) => (
            <tr key={set._id}>
              {/* A table cell as tall as its row: the badge is laid out inside .set-cell. */}
              <th scope="row">
                <span className="set-cell">
                  {index + 1}
                  <SetTypeBadge type={set.type} />
                </span>
              </th>
              <td className="num">{set.repetitions}</td>
              <td className="num">{setWeight(set, unit)}</td>
              <td className="num">{set.rpe ?? <Missing word="None" />}</td>
              <td className="center">
                {set.isHard ? (
                  <span className="tick">
                    <CheckIcon width={18} height={18} />
                    <span className="sr-only">Yes</span>
                  </span>
                ) : (
                  <Missing word="No" />
                )}
              </td>
              <td className="num">{formatNumber(unit === 'kg' ? set.volume : setVolume(set, unit))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
