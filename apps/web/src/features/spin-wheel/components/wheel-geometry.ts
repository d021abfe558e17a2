import type { SpinPrize } from '@quan/contract/spin-wheel';

/**
 * A segment of the wheel. Angles are degrees clockwise from the top, where the pointer is, measured on the
 * wheel at rest.
 */
export interface WheelSegment extends SpinPrize {
  startAngle: number;
  endAngle: number;
  midAngle: number;
  /** Its share of the wheel, and so its chance to be drawn: 0–1. */
  share: number;
}

/** One segment per prize, in order, each as wide as its weight's share of all weights. */
export function wheelSegments(prizes: readonly SpinPrize[]): WheelSegment[] {
  const total = prizes.reduce((sum, prize) => sum + Math.max(0, prize.weight), 0);
  let start = 0;
  return prizes.map((prize) => {
    const share = total > 0 ? Math.max(0, prize.weight) / total : 1 / prizes.length;
    const end = start + share * 360;
    const segment = { ...prize, startAngle: start, endAngle: end, midAngle: (start + end) / 2, share };
    start = end;
    return segment;
  });
}

const modulo = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

/**
 * The wheel's next rotation (degrees, clockwise) so that the pointer at the top ends in the middle of the
 * segment: at least `fullTurns` whole turns forward from where it stands, never backwards.
 */
export function rotationToLand(segment: Pick<WheelSegment, 'midAngle'>, current: number, fullTurns: number): number {
  const base = current + fullTurns * 360;
  return base + modulo(-segment.midAngle - base, 360);
}

/** A point of a circle centred on the origin, at an angle clockwise from the top (SVG's y grows downwards). */
export function pointAt(angle: number, radius: number): { x: number; y: number } {
  const radians = (angle * Math.PI) / 180;
  return { x: radius * Math.sin(radians), y: -radius * Math.cos(radians) };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The SVG path of a pie slice from the centre, between two angles. */
export function slicePath(startAngle: number, endAngle: number, radius: number): string {
  const start = pointAt(startAngle, radius);
  const end = pointAt(endAngle, radius);
  const largeArc = endAngle - startAngle > 180 ? 1 : 0;
  return `M 0 0 L ${round(start.x)} ${round(start.y)} A ${radius} ${radius} 0 ${largeArc} 1 ${round(end.x)} ${round(end.y)} Z`;
}
