import { describe, expect, it } from 'vitest';
import { queuedCount, syncedMessage } from './queued-words';

const session = { path: '/logs/push/exercises/bench/wlsessions' };
const workout = { path: '/logs/push/workouts' };

describe('the offline bar’s words', () => {
  it('keeps the sessions’ wording, and calls a queued workout a workout', () => {
    expect(syncedMessage([session])).toBe('Session synced');
    expect(syncedMessage([session, session])).toBe('2 sessions synced');
    expect(syncedMessage([workout])).toBe('Workout synced');
    expect(syncedMessage([workout, workout])).toBe('2 workouts synced');
    expect(syncedMessage([workout, session, session])).toBe('1 workout and 2 sessions synced');
    expect(queuedCount([session])).toBe('1 session');
    expect(queuedCount([workout])).toBe('1 workout');
  });
});
