import { formatNumber, type Volumes } from '../../contract/metrics';

/** Total / junk / work volume of a weight session, as tiles. */
export function WlSessionStats({ volumes, compact = false }: { volumes: Volumes; compact?: boolean }) {
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
