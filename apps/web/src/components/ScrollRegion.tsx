import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** Names the region for screen readers, e.g. "Coupons table, scrolls sideways"; translated by the caller. */
  label: string;
  /** Classes for the box itself, e.g. `card`. */
  className?: string;
  children: ReactNode;
}

/**
 * A wide table's own sideways-scrolling box, so the page around it keeps the screen's width on a phone. It is a
 * named region in the tab order, so a keyboard can reach it and scroll it with the arrow keys. `relative` keeps
 * the visually hidden (absolutely placed) labels inside it from stretching the page past the screen.
 */
export function ScrollRegion({ label, className = '', children }: ScrollRegionProps) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
