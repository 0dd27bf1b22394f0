import type { Volumes } from '../../contract/metrics';

const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
export const formatVolume = (volume: number) => numberFormat.format(volume);

/** Total / junk / work volume of a weight session, as tiles. */
export function WlSessionStats({ volumes, compact = false }: { volumes: Volumes; compact?: boolean }) {
  return (
    <dl className={`stats${compact ? ' stats-compact' : ''}`}>
      <div className="stat stat-total">
        <dt>Total Volume</dt>
        <dd>{formatVolume(volumes.totalVolume)}</dd>
      </div>
      <div className="stat stat-junk">
        <dt>Junk Volume</dt>
        <dd>{formatVolume(volumes.junkVolume)}</dd>
      </div>
      <div className="stat stat-work">
        <dt>Work Volume</dt>
        <dd>{formatVolume(volumes.workingVolume)}</dd>
      </div>
    </dl>
  );
}
