import '../test/setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aWlsession } from '../test/fixtures';
import { formatDuration, PaSessionStats } from './pa-session-stats';
import { WlSessionStats } from './wl-session-stats';

const pace = {
  paceMinutes: 4,
  paceSeconds: 5,
  speed: 0.2,
  distance: 12.5,
  time: { hours: 1, minutes: 2, seconds: 5 },
};

const statValue = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PaSessionStats', () => {
  it('shows pace as m:ss with the seconds padded and speed to 3 decimals', () => {
    render(<PaSessionStats session={pace} />);
    expect(statValue('Pace')).toBe('4:05 min/km');
    expect(statValue('Speed')).toBe('0.200 km/min');
    expect(statValue('Distance')).toBe('12.5 km');
    expect(statValue('Hours')).toBe('1');
    expect(statValue('Minutes')).toBe('2');
    expect(statValue('Seconds')).toBe('5');
  });

  it('shows the time as h:mm:ss on compact cards, carrying minutes into hours', () => {
    render(<PaSessionStats session={{ ...pace, time: { hours: 0, minutes: 75, seconds: 7 } }} compact />);
    expect(statValue('Time')).toBe('1:15:07');
    expect(formatDuration({ hours: 0, minutes: 0, seconds: 0 })).toBe('0:00:00');
  });
});

describe('WlSessionStats', () => {
  // 5 × 135 lb (hard) + 3 × 140 lb, and 5 × 60 kg (132.28 lb on screen), as the server answers it.
  const session = aWlsession({
    totalVolume: 796.68,
    workingVolume: 606.17,
    junkVolume: 190.51,
    inPounds: { totalVolume: 1756.4, workingVolume: 1336.4, junkVolume: 420 },
  });

  it('shows total, junk and work volume with their unit', () => {
    render(<WlSessionStats session={session} unit="kg" />);
    expect(statValue('Total Volume')).toBe('796.68 kg');
    expect(statValue('Junk Volume')).toBe('190.51 kg');
    expect(statValue('Work Volume')).toBe('606.17 kg');
  });

  it('keeps the thousands separators of a 7-digit volume and adds the unit on compact cards', () => {
    const big = aWlsession({
      totalVolume: 1_234_567.89,
      workingVolume: 1_000_000,
      junkVolume: 234_567.89,
      inPounds: { totalVolume: 2_721_771.5, workingVolume: 2_204_622.6, junkVolume: 517_148.9 },
    });
    const { unmount } = render(<WlSessionStats session={big} unit="kg" compact />);
    expect(statValue('Total Volume')).toBe('1,234,567.89 kg');
    expect(statValue('Work Volume')).toBe('1,000,000 kg');
    unmount();
    render(<WlSessionStats session={big} unit="lb" compact />);
    expect(statValue('Total Volume')).toBe('2,721,771.5 lb');
    expect(screen.getAllByText('lb', { selector: '.unit' })).toHaveLength(3);
  });

  it("shows a pound user the server's pound volumes, never kilograms converted back", () => {
    render(<WlSessionStats session={session} unit="lb" />);
    expect(statValue('Total Volume')).toBe('1,756.4 lb');
    expect(statValue('Work Volume')).toBe('1,336.4 lb');
    expect(statValue('Junk Volume')).toBe('420 lb');
  });
});
