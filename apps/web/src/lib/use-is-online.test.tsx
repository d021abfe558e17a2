import { act, renderHook } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followBrowserOffline, useIsOnline } from './use-is-online';

describe('useIsOnline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => onlineManager.setOnline(true));
  });

  it('reads offline when the page opens without a network, until the network comes back', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    followBrowserOffline();
    const { result } = renderHook(() => useIsOnline());
    expect(result.current).toBe(false);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current).toBe(true);
  });

  it('leaves the online state alone when the browser has a network', () => {
    followBrowserOffline();
    expect(renderHook(() => useIsOnline()).result.current).toBe(true);
  });
});
