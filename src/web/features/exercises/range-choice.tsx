import { RANGES, type ProgressRange } from './exercises.api';

interface RangeChoiceProps {
  range: ProgressRange;
  onChange: (range: ProgressRange) => void;
}

/** Toggle buttons for the chart's range; the chosen one is pressed. */
export function RangeChoice({ range, onChange }: RangeChoiceProps) {
  return (
    <div className="range-choice" role="group" aria-label="Range">
      {RANGES.map((r) => (
        <button
          key={r}
          type="button"
          className="range-option"
          aria-pressed={r === range}
          onClick={() => onChange(r)}
        >
          {r}
        </button>
      ))}
    </div>
  );
}
