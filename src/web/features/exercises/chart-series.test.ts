import { describe, expect, it } from 'vitest';
import { aWlPoint } from '../../test/fixtures';
import { pointsIn } from './chart-series';

describe('pointsIn', () => {
  it("gives a pound user's points the server's figures in pounds", () => {
    // 5 × 135 lb (hard) + 3 × 140 lb: 1,095 lb, stored as 496.68 kg (docs/api.md §10).
    const point = aWlPoint({
      createdDate: '2026-11-20',
      totalVolume: 496.68,
      workingVolume: 306.17,
      junkVolume: 190.51,
      e1rm: 72.79,
      heaviest: 63.5,
      inPounds: { totalVolume: 1095, workingVolume: 675, junkVolume: 420, e1rm: 160.5, heaviest: 140 },
    });
    expect(pointsIn([point], 'lb')[0]).toMatchObject(point.inPounds);
    expect(pointsIn([point], 'kg')[0]).toBe(point);
  });

  it('leaves kilograms and pace points as they are', () => {
    const points = [{ createdDate: '2026-11-20', pace: 5.5, speed: 0.182 }];
    expect(pointsIn(points, 'lb')).toEqual(points);
  });
});
