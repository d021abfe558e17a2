import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Customer } from '@quan/contract/customer';
import type { SpinResult } from '@quan/contract/spin-wheel';
import { queryRoots } from '../../../lib/query-keys';
import { useSpin } from '../api/spin';
import { rotationToLand, type WheelSegment } from './wheel-geometry';

/** A few seconds and several whole turns: long enough to watch, short enough for a queue at the counter. */
export const SPIN_DURATION_MS = 4500;
const FULL_TURNS = 6;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export interface SpinOutcome {
  result: SpinResult;
  customer: Pick<Customer, '_id' | 'name'>;
  /** False while the wheel still turns: the result is known but not shown yet. */
  revealed: boolean;
}

/**
 * One spin: the server draws, then the wheel turns to the segment it chose and the result is revealed when it
 * stops (at once with reduced motion). The recent spins and the wheel are refreshed only then, so neither
 * gives the result away early.
 */
export function useWheelSpin(segments: readonly WheelSegment[]) {
  const queryClient = useQueryClient();
  const mutation = useSpin();
  const [rotation, setRotation] = useState(0);
  const [spinDurationMs, setSpinDurationMs] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<SpinOutcome | null>(null);
  const isTurning = outcome !== null && !outcome.revealed;

  useEffect(() => {
    if (!isTurning) return;
    const timer = window.setTimeout(() => {
      setOutcome((current) => current && { ...current, revealed: true });
      void queryClient.invalidateQueries({ queryKey: queryRoots.spinWheel });
    }, spinDurationMs ?? 0);
    return () => window.clearTimeout(timer);
  }, [isTurning, spinDurationMs, queryClient]);

  function spin(customer: Pick<Customer, '_id' | 'name'>) {
    setOutcome(null);
    mutation.mutate(
      { customerId: customer._id },
      {
        onSuccess: (result) => {
          // The server's wheel is the one fetched here unless a manager changed the coupons meanwhile; the
          // result it sends is what counts, the wheel only shows it.
          const segment = segments[Math.min(result.segmentIndex, segments.length - 1)];
          const reduced = prefersReducedMotion();
          if (segment) setRotation((current) => rotationToLand(segment, current, FULL_TURNS));
          setSpinDurationMs(reduced ? null : SPIN_DURATION_MS);
          setOutcome({ result, customer, revealed: false });
        },
      },
    );
  }

  function reset() {
    mutation.reset();
    setOutcome(null);
  }

  return {
    spin,
    reset,
    rotation,
    spinDurationMs,
    outcome,
    isTurning,
    isDrawing: mutation.isPending,
    error: mutation.error,
  };
}
