import { describe, expect, it } from 'vitest';
import {
  RPE_MESSAGE,
  SET_TYPE_BADGES,
  SET_TYPE_MESSAGE,
  countsForRecords,
  isHardByDefault,
  rpe,
  setType,
  setTypeFields,
} from './set-types';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('setType', () => {
  it('reads each type as written', () => {
    for (const type of ['normal', 'warmup', 'drop', 'failure']) expect(setType.parse(type)).toBe(type);
  });

  it('makes null and absent a normal set', () => {
    expect(setType.parse(null)).toBe('normal');
    expect(setType.parse(undefined)).toBe('normal');
    expect(setTypeFields.parse({})).toEqual({ type: 'normal', rpe: null });
  });

  it('refuses anything else with one message', () => {
    for (const bad of ['', 'Warmup', 'dropset', 'W', 3, true, {}, []])
      expect(messageOf(setType.safeParse(bad)), String(bad)).toBe(SET_TYPE_MESSAGE);
  });
});

describe('rpe', () => {
  it('takes 1 to 10 in halves, as numbers or numeric strings', () => {
    expect(rpe.parse(1)).toBe(1);
    expect(rpe.parse(10)).toBe(10);
    expect(rpe.parse(7.5)).toBe(7.5);
    expect(rpe.parse('8')).toBe(8);
    expect(rpe.parse(' 9.5 ')).toBe(9.5);
    expect(rpe.parse('1e1')).toBe(10);
  });

  it('is null when not given (null, absent or a blank form field)', () => {
    expect(rpe.parse(null)).toBeNull();
    expect(rpe.parse(undefined)).toBeNull();
    expect(rpe.parse('')).toBeNull();
    expect(rpe.parse('  ')).toBeNull();
  });

  it('refuses out of range and off the half grid with the range message', () => {
    for (const bad of [0, 0.5, 10.5, 11, -1, 7.25, 7.51, '0', '8.3', 100])
      expect(messageOf(rpe.safeParse(bad)), String(bad)).toBe(RPE_MESSAGE);
  });

  it('says a non-number is not a number', () => {
    for (const bad of ['eight', '8kg', true, [], {}, NaN, Infinity])
      expect(messageOf(rpe.safeParse(bad)), String(bad)).toBe('RPE must be a number');
  });
});

describe('set type helpers', () => {
  it('badges warm-up, drop and failure sets only', () => {
    expect(SET_TYPE_BADGES).toEqual({ normal: null, warmup: 'W', drop: 'D', failure: 'F' });
  });

  it('leaves only warm-ups out of records; a set without a type counts', () => {
    expect(countsForRecords({ type: 'warmup' })).toBe(false);
    expect(countsForRecords({ type: 'drop' })).toBe(true);
    expect(countsForRecords({ type: 'failure' })).toBe(true);
    expect(countsForRecords({ type: 'normal' })).toBe(true);
    expect(countsForRecords({})).toBe(true);
    expect(countsForRecords({ type: null })).toBe(true);
  });

  it('unticks Hard for a warm-up only', () => {
    expect(isHardByDefault('warmup')).toBe(false);
    expect(isHardByDefault('normal')).toBe(true);
    expect(isHardByDefault('drop')).toBe(true);
    expect(isHardByDefault('failure')).toBe(true);
  });
});
