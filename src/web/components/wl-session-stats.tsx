import { formatNumber, type Volumes, type WeightUnit } from '../../contract/metrics';

interface WlSessionStatsProps {
  /** A weight session's volumes as the server sent them: kilograms, and `inPounds`. */
  session: Volumes & { inPounds: Volumes };
  unit: WeightUnit;
  compact?: boolean;
}

/**
 * Total / junk / work volume of a weight session, as tiles, in the user's unit and labelled with
 * it (docs/api.md §14); the tiles wrap rather than clip a long figure (styles/components.css).
 */
export function WlSessionStats({ session, unit, compact = false }: WlSessionStatsProps) {
  const volumes = unit === 'lb' ? session.inPounds : session;
  return (
    <dl className={`stats${compact ? ' stats-compact' : ''}`}>
      <div className="stat stat-total">
        <dt>Total Volume</dt>
        <dd>
          {formatNumber(volumes.totalVolume)} <span className="unit">{unit}</span>
        </dd>
      </div>
      <div className="stat stat-junk">
        <dt>Junk Volume</dt>
        <dd>
          {formatNumber(volumes.junkVolume)} <span className="unit">{unit}</span>
        </dd>
      </div>
      <div className="stat stat-work">
        <dt>Work Volume</dt>
        <dd>
          {formatNumber(volumes.workingVolume)} <span className="unit">{unit}</span>
        </dd>
      </div>
    </dl>
  );
}
