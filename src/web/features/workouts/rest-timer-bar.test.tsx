import '../../test/setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rest } from '../../../contract/rest-timer';
import { beep, vibrate } from './rest-alerts';
import { RestTimerBar } from './rest-timer-bar';

vi.mock('./rest-alerts', () => ({ beep: vi.fn(), vibrate: vi.fn(), primeAudio: vi.fn() }));

const START = Date.parse('2026-11-26T10:00:00.000Z');

/** The bar with its rest kept in state, as the workout screen keeps it in the stored workout. */
function Harness({ initial }: { initial: Rest | null }) {
  const [rest, setRest] = useState(initial);
  return (
    <RestTimerBar rest={rest} onChange={setRest}>
      <button type="button">Finish</button>
    </RestTimerBar>
  );
}

const count = () => screen.getByTestId('rest-count').textContent;
const live = () => document.querySelector('[aria-live="polite"]')?.textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(beep).mockClear();
  vi.mocked(vibrate).mockClear();
});

describe('RestTimerBar', () => {
  it('counts down from its stored start: a rest started 30 s before the screen opened shows 1:00 of 1:30', () => {
    vi.setSystemTime(START + 30_000);
    render(<Harness initial={{ startedAt: START, seconds: 90 }} />);
    expect(count()).toBe('1:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(count()).toBe('0:59');
    // A rest already running when the screen opened was announced then, not now.
    expect(live()).toBe('');
  });

  it('−15 s, +15 s and Skip change the rest', () => {
    render(<Harness initial={{ startedAt: START, seconds: 90 }} />);
    expect(count()).toBe('1:30');
    fireEvent.click(screen.getByRole('button', { name: /15 seconds more/ }));
    expect(count()).toBe('1:45');
    fireEvent.click(screen.getByRole('button', { name: /15 seconds less/ }));
    fireEvent.click(screen.getByRole('button', { name: /15 seconds less/ }));
    expect(count()).toBe('1:15');
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByTestId('rest-count')).toBeNull();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeTruthy();
  });

  it('Skip, or the rest running out, moves a focus on its buttons on to Finish, not to the page', () => {
    render(<Harness initial={{ startedAt: START, seconds: 90 }} />);
    const skip = screen.getByRole('button', { name: 'Skip' });
    act(() => skip.focus());
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Finish' }));

    const { unmount } = render(<Harness initial={{ startedAt: Date.now(), seconds: 30 }} />);
    act(() =>
      screen
        .getAllByRole('button', { name: /15 seconds more/ })
        .at(-1)
        ?.focus(),
    );
    act(() => vi.advanceTimersByTime(31_000));
    expect(screen.getAllByRole('button', { name: 'Finish' })).toContain(document.activeElement);
    unmount();
  });

  it('at zero: beeps, vibrates and says so once; screen readers hear the start and the end only', () => {
    const { rerender } = render(<RestTimerBar rest={null} onChange={() => {}} children={null} />);
    const rest = { startedAt: START, seconds: 3 };
    rerender(<RestTimerBar rest={rest} onChange={() => {}} children={null} />);
    expect(live()).toBe('Rest 3 seconds started');
    act(() => vi.advanceTimersByTime(1000));
    expect(live()).toBe('Rest 3 seconds started');
    expect(beep).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2000));
    expect(live()).toBe('Rest over');
    expect(beep).toHaveBeenCalledTimes(1);
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('rest-count')).toBeNull();
    act(() => vi.advanceTimersByTime(5000));
    expect(beep).toHaveBeenCalledTimes(1);
  });

  it('does not beep for a rest that ended before the screen opened (a reload long after)', () => {
    vi.setSystemTime(START + 600_000);
    render(<Harness initial={{ startedAt: START, seconds: 90 }} />);
    expect(beep).not.toHaveBeenCalled();
    expect(screen.queryByTestId('rest-count')).toBeNull();
  });
});
