import { describe, expect, it } from 'vitest';
import { rotationToLand, slicePath, wheelSegments } from './wheel-geometry';

const prizes = [
  { couponId: '0190a1b2-c3d4-7e5f-8a9b-3c0000000001', label: '10% off', weight: 2 },
  { couponId: '0190a1b2-c3d4-7e5f-8a9b-3c0000000002', label: 'Free drink', weight: 1 },
  { couponId: '0190a1b2-c3d4-7e5f-8a9b-3c0000000003', label: '50.000 ₫ off', weight: 1 },
  { couponId: null, label: 'Better luck next time', weight: 4 },
];

/** Where the pointer (at the top) is on the wheel after turning it by `rotation` degrees clockwise. */
const pointerAngleOnWheel = (rotation: number) => ((-rotation % 360) + 360) % 360;

describe('wheelSegments', () => {
  it('gives each prize an angle proportional to its weight, in order, around the whole wheel', () => {
    const segments = wheelSegments(prizes);
    expect(segments.map(({ startAngle, endAngle }) => [startAngle, endAngle])).toEqual([
      [0, 90],
      [90, 135],
      [135, 180],
      [180, 360],
    ]);
    expect(segments.map((segment) => segment.share)).toEqual([0.25, 0.125, 0.125, 0.5]);
    expect(segments[1]?.midAngle).toBe(112.5);
  });
});

describe('rotationToLand', () => {
  it('turns the wheel forward at least the full turns and stops the pointer in the middle of the segment', () => {
    const segments = wheelSegments(prizes);
    let rotation = 0;
    for (const index of [1, 3, 0, 2, 2]) {
      const segment = segments[index]!;
      const next = rotationToLand(segment, rotation, 5);
      expect(next - rotation).toBeGreaterThanOrEqual(5 * 360);
      expect(next - rotation).toBeLessThan(6 * 360);
      expect(pointerAngleOnWheel(next)).toBeCloseTo(segment.midAngle, 9);
      rotation = next;
    }
  });
});

describe('slicePath', () => {
  it('uses the large arc only for a slice wider than half the wheel', () => {
    expect(slicePath(0, 90, 100)).toBe('M 0 0 L 0 -100 A 100 100 0 0 1 100 0 Z');
    expect(slicePath(180, 360, 100)).toContain(' 0 0 1 ');
    expect(slicePath(90, 360, 100)).toContain(' 0 1 1 ');
  });
});
