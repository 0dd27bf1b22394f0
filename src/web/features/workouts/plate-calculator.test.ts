import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATE_SETTINGS } from '../../../contract/plates';
import { plateLine } from './plate-calculator';

describe('plateLine', () => {
  it('says the plates per side when the weight can be made', () => {
    expect(plateLine(100, DEFAULT_PLATE_SETTINGS.kg, 'kg')).toBe('Per side: 25 + 15');
    expect(plateLine(225, DEFAULT_PLATE_SETTINGS.lb, 'lb')).toBe('Per side: 45 + 45');
  });

  it('says the closest lighter weight and the difference when it cannot', () => {
    expect(plateLine(101, DEFAULT_PLATE_SETTINGS.kg, 'kg')).toBe('Per side: 25 + 15 = 100 kg (1 kg short)');
  });

  it('says when the weight is below the bar', () => {
    expect(plateLine(15, DEFAULT_PLATE_SETTINGS.kg, 'kg')).toBe('Below the bar (20 kg)');
    expect(plateLine(20, DEFAULT_PLATE_SETTINGS.kg, 'kg')).toBe('Empty bar');
  });
});
