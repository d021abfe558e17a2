// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { laterStatus, stepsDone } from './order-progress';

describe('order progress', () => {
  it('keeps the further status when a late reload answers after a live event', () => {
    expect(laterStatus('pending', 'in_progress')).toBe('in_progress');
    expect(laterStatus('ready', 'in_progress')).toBe('ready');
    expect(laterStatus('in_progress', 'cancelled')).toBe('cancelled');
    expect(laterStatus('served', undefined)).toBe('served');
  });

  it('counts the steps done: received → preparing → ready → served, all four once completed', () => {
    expect(stepsDone('pending')).toBe(0);
    expect(stepsDone('in_progress')).toBe(1);
    expect(stepsDone('served')).toBe(3);
    expect(stepsDone('completed')).toBe(4);
  });
});
