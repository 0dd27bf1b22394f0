import type { SetType } from '../../contract/set-types';

// A weight set's type as the pages show it (docs/api.md §11). Only types come from the contract:
// a read-only page loads none of its schema modules (docs/decisions/0018), so the letters are the
// contract's SET_TYPE_BADGES restated (set-type-badge.test.tsx holds them equal).

export const SET_TYPE_LABELS: Record<SetType, string> = {
  normal: 'Normal',
  warmup: 'Warm-up',
  drop: 'Drop',
  failure: 'Failure',
};

export const SET_TYPE_LETTERS: Record<SetType, 'W' | 'D' | 'F' | null> = {
  normal: null,
  warmup: 'W',
  drop: 'D',
  failure: 'F',
};

/** W / D / F for a warm-up, drop or failure set, read out in full; nothing for a normal set. */
export function SetTypeBadge({ type }: { type: SetType | undefined | null }) {
  const letter = type ? SET_TYPE_LETTERS[type] : null;
  if (!type || !letter) return null;
  return (
    <span className={`set-type-badge set-type-${type}`} title={SET_TYPE_LABELS[type]}>
      <span aria-hidden="true">{letter}</span>
      <span className="sr-only">{` ${SET_TYPE_LABELS[type]}`}</span>
    </span>
  );
}
