import { describe, expect, it } from 'vitest';
import {
  forgetIdempotencyKey,
  idempotencyKeyFor,
  isCreateRequest,
  settleIdempotencyKey,
} from './idempotency';

const SESSIONS = '/logs/push/exercises/bench/wlsessions';

describe('isCreateRequest', () => {
  it('is a POST to the logs, exercises and session lists (docs/api.md §10)', () => {
    expect(isCreateRequest('POST', '/logs')).toBe(true);
    expect(isCreateRequest('POST', '/logs/push/exercises')).toBe(true);
    expect(isCreateRequest('POST', SESSIONS)).toBe(true);
    expect(isCreateRequest('post', '/logs/push/exercises/run/pasessions')).toBe(true);
  });

  it('is a POST of a workout or a routine (docs/api.md §11)', () => {
    expect(isCreateRequest('POST', '/logs/push/workouts')).toBe(true);
    expect(isCreateRequest('POST', '/logs/push/routines')).toBe(true);
    expect(isCreateRequest('PUT', '/logs/push/workouts/w-1')).toBe(false);
    expect(isCreateRequest('POST', '/logs/push/workouts/w-1')).toBe(false);
  });

  it('is not an edit, a delete, a read, a login or an import', () => {
    expect(isCreateRequest('PUT', '/logs/edit/1')).toBe(false);
    expect(isCreateRequest('GET', '/logs')).toBe(false);
    expect(isCreateRequest(undefined, '/logs')).toBe(false);
    expect(isCreateRequest('POST', '/users/login')).toBe(false);
    expect(isCreateRequest('POST', '/users')).toBe(false);
    expect(isCreateRequest('POST', '/import')).toBe(false);
    expect(isCreateRequest('POST', `${SESSIONS}/edit/1`)).toBe(false);
  });
});

describe('idempotencyKeyFor', () => {
  const body = { createdDate: '2026-11-25', set: [{ repetitions: 5, kilograms: 100 }] };

  it('gives the same key to the same submission sent again after no answer or a 5xx', () => {
    const first = idempotencyKeyFor(SESSIONS, body);
    settleIdempotencyKey(SESSIONS, body, 'FETCH_ERROR');
    expect(idempotencyKeyFor(SESSIONS, structuredClone(body))).toBe(first);
    settleIdempotencyKey(SESSIONS, body, 503);
    expect(idempotencyKeyFor(SESSIONS, body)).toBe(first);
    settleIdempotencyKey(SESSIONS, body, 201);
  });

  it('gives a new key once the server has answered (2xx or 4xx)', () => {
    const first = idempotencyKeyFor(SESSIONS, body);
    settleIdempotencyKey(SESSIONS, body, 201);
    const second = idempotencyKeyFor(SESSIONS, body);
    expect(second).not.toBe(first);
    settleIdempotencyKey(SESSIONS, body, 400);
    expect(idempotencyKeyFor(SESSIONS, body)).not.toBe(second);
    settleIdempotencyKey(SESSIONS, body, 201);
  });

  it('gives a changed form or another route its own key', () => {
    const key = idempotencyKeyFor(SESSIONS, body);
    expect(idempotencyKeyFor(SESSIONS, { ...body, createdDate: '2026-11-24' })).not.toBe(key);
    expect(idempotencyKeyFor('/logs', body)).not.toBe(key);
  });

  it('starts afresh once the submission went to the offline queue with its key', () => {
    const key = idempotencyKeyFor('/logs', { title: 'A' });
    forgetIdempotencyKey('/logs', { title: 'A' });
    expect(idempotencyKeyFor('/logs', { title: 'A' })).not.toBe(key);
  });
});
