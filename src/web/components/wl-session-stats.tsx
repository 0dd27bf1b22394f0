import {
  formatNumber,
  sessionVolumes,
  type SetInput,
  type Volumes,
  type WeightUnit,
} from '../../contract/metrics';

interface WlSessionStatsProps {
  /** A weight session: its volumes in kilograms as the server sent them, and its sets. */
  session: Volumes & { set: Array<Pick<SetInput, 'repetitions' | 'kilograms' | 'pounds' | 'isHard'>> };
  unit: WeightUnit;
  compact?: boolean;
}

/**
 * Total / junk / work volume of a weight session, as tiles, in the user's unit. Pounds are summed
 * from the sets' pounds (docs/api.md §10: 5 × 135 lb is 675 lb, not 306.17 kg converted back).
 */
export function WlSessionStats({ session, unit, compact = false }: WlSessionStatsProps) {
  const volumes = unit === 'kg' ? session : sessionVolumes(session.set, unit);
  return (
    <dl className={`stats${compact ? ' stats-compact' : ''}`}>
      <div className="stat stat-total">
        <dt>Total Volume</dt>
        <dd>{formatNumber(volumes.totalVolume)}</dd>
      </div>
      <div className="stat stat-junk">
        <dt>Junk Volume</dt>
        <dd>{formatNumber(volumes.junkVolume)}</dd>
      </div>
      <div className="stat stat-work">
        <dt>Work Volume</dt>
        <dd>{formatNumber(volumes.workingVolume)}</dd>
      </div>
    </dl>
  );
}
