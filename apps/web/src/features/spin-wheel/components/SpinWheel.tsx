import { useId } from 'react';
import { formatPercent } from '../../../lib/date-format';
import { useT } from '../../../lib/i18n';
import { prizeLabel } from './prize-text';
import { slicePath, pointAt, type WheelSegment } from './wheel-geometry';

const RADIUS = 100;
/** Dark enough for white text (WCAG AA); the no-prize segment is light with dark text. */
const prizeColours = ['#b45309', '#0f766e', '#be123c', '#4d7c0f', '#1d4ed8', '#7e22ce', '#c2410c', '#0e7490'];
const noPrizeColour = '#e7e5e4';
/** The label's colour on a prize segment (dark) and on the light no-prize segment. */
const prizeTextColour = '#ffffff';
const noPrizeTextColour = '#292524';
const MAX_LABEL_LENGTH = 16;

function segmentColour(segment: Pick<WheelSegment, 'couponId'>, index: number): string {
  return segment.couponId === null ? noPrizeColour : (prizeColours[index % prizeColours.length] ?? noPrizeColour);
}

/** Long labels are cut on the wheel; the list under it gives them in full. */
function shortLabel(label: string): string {
  return label.length > MAX_LABEL_LENGTH ? `${label.slice(0, MAX_LABEL_LENGTH - 1)}…` : label;
}

interface SpinWheelProps {
  segments: readonly WheelSegment[];
  /** Degrees clockwise; a change turns the wheel there, smoothly while `spinDurationMs` is set. */
  rotation: number;
  /** How long the turn to `rotation` takes; null sets it at once (before a spin, or with reduced motion). */
  spinDurationMs: number | null;
}

/**
 * The prize wheel: one slice per segment, as wide as its chance, under a fixed pointer at the top. The drawing
 * is one image for assistive technology; the segments and their chances follow as a list.
 */
export function SpinWheel({ segments, rotation, spinDurationMs }: SpinWheelProps) {
  const t = useT();
  const titleId = useId();

  return (
    <figure className="space-y-4">
      <div className="relative mx-auto aspect-square w-full max-w-sm">
        <div
          className="size-full"
          style={{
            transform: `rotate(${rotation}deg)`,
            // Fast at first, a long slow-down at the end: the ease-out of a wheel losing speed.
            transition:
              spinDurationMs === null ? 'none' : `transform ${spinDurationMs}ms cubic-bezier(0.12, 0.8, 0.2, 1)`,
          }}
        >
          <svg
            viewBox={`-${RADIUS + 4} -${RADIUS + 4} ${2 * RADIUS + 8} ${2 * RADIUS + 8}`}
            role="img"
            aria-labelledby={titleId}
            className="size-full drop-shadow-md"
          >
            <title id={titleId}>{t('spin-wheel.wheel.title', { count: segments.length })}</title>
            <circle r={RADIUS + 3} fill="#44403c" />
            {segments.map((segment, index) => {
              const colour = segmentColour(segment, index);
              const textColour = segment.couponId === null ? noPrizeTextColour : prizeTextColour;
              const labelAt = pointAt(segment.midAngle, RADIUS * 0.6);
              const isWhole = segment.endAngle - segment.startAngle >= 359.999;
              return (
                <g key={`${segment.couponId ?? 'none'}-${index}`}>
                  {isWhole ? (
                    <circle className="wheel-segment" r={RADIUS} fill={colour} stroke="#ffffff" strokeWidth={1} />
                  ) : (
                    <path
                      className="wheel-segment"
                      d={slicePath(segment.startAngle, segment.endAngle, RADIUS)}
                      fill={colour}
                      stroke="#ffffff"
                      strokeWidth={1}
                    />
                  )}
                  {/* Along the radius, reading outwards, so narrow slices still fit their label. */}
                  <text
                    x={labelAt.x}
                    y={labelAt.y}
                    transform={`rotate(${segment.midAngle - 90} ${labelAt.x} ${labelAt.y})`}
                    textAnchor="middle"
                    dominantBaseline="central"
                    fill={textColour}
                    fontSize={segment.share < 0.06 ? 5 : 7}
                    fontWeight={600}
                  >
                    {shortLabel(prizeLabel(segment.label, t))}
                  </text>
                </g>
              );
            })}
            <circle r={12} fill="#ffffff" stroke="#44403c" strokeWidth={3} />
          </svg>
        </div>
        {/* The pointer stays still while the wheel turns under it. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 28"
          className="absolute top-0 left-1/2 h-8 w-7 -translate-x-1/2 -translate-y-2 drop-shadow"
        >
          <path d="M2 2 H22 L12 26 Z" fill="#b91c1c" stroke="#ffffff" strokeWidth={2} strokeLinejoin="round" />
        </svg>
      </div>
      <figcaption>
        <p className="mb-2 text-sm font-semibold text-stone-900">{t('spin-wheel.wheel.onTheWheel')}</p>
        <ol aria-label={t('spin-wheel.wheel.segments')} className="grid gap-1 text-sm sm:grid-cols-2">
          {segments.map((segment, index) => (
            <li key={`${segment.couponId ?? 'none'}-${index}`} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-sm border border-stone-300"
                style={{ backgroundColor: segmentColour(segment, index) }}
              />
              <span className="min-w-0 flex-1 text-stone-800">{prizeLabel(segment.label, t)}</span>
              <span className="text-stone-600 tabular-nums">{formatPercent(segment.share * 100, 1)}</span>
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
