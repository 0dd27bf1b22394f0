import { describe, expect, it } from 'vitest';
import type { QueuedSession } from './queue';
import { waitingSessionsFor } from './waiting-sessions';

const RUN = { slugLog: 'road', slugExercise: 'easy-run', kind: 'pasession' } as const;

function queued(body: unknown, overrides: Partial<QueuedSession> = {}): QueuedSession {
  return {
    key: crypto.randomUUID(),
    userId: 'u-1',
    path: '/logs/road/exercises/easy-run/pasessions',
    body,
    createdAt: '2026-11-26T10:00:00.000Z',
    exerciseTitle: 'Easy Run',
    sessionDate: '2026-11-26',
    ...overrides,
  };
}

describe('waitingSessionsFor', () => {
  it('gives a pace session its pace and speed by the contract’s rules', () => {
    const body = { createdDate: '2026-11-25', time: { hours: 0, minutes: 25, seconds: 0 }, distance: 5 };
    const [run] = waitingSessionsFor([queued(body)], 'u-1', RUN);
    expect(run).toMatchObject({
      kind: 'pasession',
      createdDate: '2026-11-25',
      pace: { paceMinutes: 5, paceSeconds: 0, speed: 0.2, distance: 5 },
    });
  });

  it('orders by the session’s date, then by when it was saved, newest first', () => {
    const items = [
      queued({ createdDate: '2026-11-20' }, { key: 'a', createdAt: '2026-11-26T09:00:00.000Z' }),
      queued({ createdDate: '2026-11-24' }, { key: 'b', createdAt: '2026-11-26T08:00:00.000Z' }),
      queued({ createdDate: '2026-11-20' }, { key: 'c', createdAt: '2026-11-26T10:00:00.000Z' }),
    ];
    expect(waitingSessionsFor(items, 'u-1', RUN).map((w) => w.key)).toEqual(['b', 'c', 'a']);
  });

  it('keeps a body it cannot read as a dated card without figures', () => {
    const [odd] = waitingSessionsFor([queued('not an object')], 'u-1', RUN);
    expect(odd).toEqual({ key: odd.key, createdDate: '2026-11-26', kind: 'unknown' });
  });

  it('matches the slugs as the create encoded them in its path', () => {
    const ref = { slugLog: 'jour', slugExercise: 'développé', kind: 'wlsession' } as const;
    const item = queued({}, { path: '/logs/jour/exercises/d%C3%A9velopp%C3%A9/wlsessions' });
    expect(waitingSessionsFor([item], 'u-1', ref)).toHaveLength(1);
    expect(waitingSessionsFor([item], undefined, ref)).toEqual([]);
  });
});
