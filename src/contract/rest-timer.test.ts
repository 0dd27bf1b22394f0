import { describe, expect, it } from 'vitest';
import {
  adjustRest,
  formatRest,
  msUntilNextTick,
  restEndsAt,
  restIsOver,
  restRemaining,
  restSecondsFor,
  skipRest,
  startRest,
} from './rest-timer';

const T0 = Date.UTC(2026, 10, 26, 10, 0, 0); // 10:00:00 UTC
const at = (seconds: number) => T0 + seconds * 1000;

describe('rest timer', () => {
  it('picks the routine entry’s rest, else the profile’s, else 120 s', () => {
    expect(restSecondsFor(90, 150)).toBe(90);
    expect(restSecondsFor(0, 150)).toBe(0); // a routine may set no rest
    expect(restSecondsFor(null, 150)).toBe(150);
    expect(restSecondsFor(undefined, undefined)).toBe(120);
  });

  it('counts down from its stored start, rounding up to whole seconds', () => {
    const rest = startRest(T0, 90);
    expect(restEndsAt(rest)).toBe(at(90));
    expect(restRemaining(rest, T0)).toBe(90);
    expect(restRemaining(rest, at(0.4))).toBe(90);
    expect(restRemaining(rest, at(1))).toBe(89);
    expect(restRemaining(rest, at(89.001))).toBe(1);
    expect(restRemaining(rest, at(90))).toBe(0);
    expect(restIsOver(rest, at(89.999))).toBe(false);
    expect(restIsOver(rest, at(90))).toBe(true);
  });

  it('never goes below zero, however long ago it ended (a phone locked for an hour)', () => {
    const rest = startRest(T0, 60);
    expect(restRemaining(rest, at(3600))).toBe(0);
    expect(restIsOver(rest, at(3600))).toBe(true);
  });

  it('survives a reload: the same stored rest gives the same time left', () => {
    const stored = JSON.parse(JSON.stringify(startRest(T0, 120)));
    expect(restRemaining(stored, at(45))).toBe(75);
  });

  it('adds and takes off 15 s', () => {
    const rest = startRest(T0, 90);
    const longer = adjustRest(rest, 15, at(10));
    expect(restRemaining(longer, at(10))).toBe(95);
    const shorter = adjustRest(longer, -15, at(20));
    expect(restRemaining(shorter, at(20))).toBe(70);
    expect(shorter.startedAt).toBe(T0); // the start stays: only the length changes
  });

  it('ends the rest now when −15 s is more than is left', () => {
    const rest = adjustRest(startRest(T0, 90), -15, at(80));
    expect(restRemaining(rest, at(80))).toBe(0);
    expect(restIsOver(rest, at(80))).toBe(true);
    expect(restEndsAt(rest)).toBe(at(80));
  });

  it('keeps at most an hour left', () => {
    let rest = startRest(T0, 3590);
    rest = adjustRest(rest, 15, T0);
    expect(restRemaining(rest, T0)).toBe(3600);
    rest = adjustRest(rest, 15, T0);
    expect(restRemaining(rest, T0)).toBe(3600);
    // 100 s later 3500 s are left: +15 s makes 3515.
    expect(restRemaining(adjustRest(rest, 15, at(100)), at(100))).toBe(3515);
    expect(startRest(T0, 5000).seconds).toBe(3600);
    expect(startRest(T0, -5).seconds).toBe(0);
  });

  it('Skip ends it now; skipping an ended rest changes nothing', () => {
    const skipped = skipRest(startRest(T0, 90), at(30));
    expect(restRemaining(skipped, at(30))).toBe(0);
    expect(restIsOver(skipped, at(30))).toBe(true);
    const ended = startRest(T0, 60);
    expect(skipRest(ended, at(100))).toEqual(ended);
  });

  it('says when the shown second next changes', () => {
    const rest = startRest(T0, 90);
    expect(msUntilNextTick(rest, T0)).toBe(1000);
    expect(msUntilNextTick(rest, T0 + 250)).toBe(750);
    expect(msUntilNextTick(rest, at(89.9))).toBe(100);
    expect(msUntilNextTick(rest, at(91))).toBe(0);
  });

  it('formats m:ss', () => {
    expect(formatRest(90)).toBe('1:30');
    expect(formatRest(5)).toBe('0:05');
    expect(formatRest(0)).toBe('0:00');
    expect(formatRest(60)).toBe('1:00');
    expect(formatRest(599)).toBe('9:59');
    expect(formatRest(3600)).toBe('60:00');
    expect(formatRest(4.2)).toBe('0:05');
    expect(formatRest(-3)).toBe('0:00');
    expect(formatRest(NaN)).toBe('0:00');
  });
});
