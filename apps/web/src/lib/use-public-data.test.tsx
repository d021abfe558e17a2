import { Suspense } from 'react';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicApiError } from './public-api';
import { seedPublicData, usePublicData, type LoadContext } from './use-public-data';

const offline = () => new PublicApiError(0, 'We cannot reach the restaurant right now.');

describe('usePublicData', () => {
  afterEach(() => vi.useRealTimers());

  it('retries a failure that may pass twice, 1 s then 2 s later (the fixed retry policy)', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<(context: LoadContext) => Promise<string>>()
      .mockRejectedValueOnce(offline())
      .mockRejectedValueOnce(offline())
      .mockResolvedValueOnce('menu');
    const { result } = renderHook(() => usePublicData('menu', load));

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(load).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));

    expect(load).toHaveBeenCalledTimes(3);
    expect(result.current).toMatchObject({ data: 'menu', error: null, isPending: false });
  });

  it("gives up after the retries, and never repeats the server's refusal", async () => {
    vi.useFakeTimers();
    const failing = vi.fn<(context: LoadContext) => Promise<string>>().mockRejectedValue(offline());
    const first = renderHook(() => usePublicData('menu', failing));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(failing).toHaveBeenCalledTimes(3);
    expect(first.result.current).toMatchObject({ data: undefined, isPending: false, error: { status: 0 } });

    const refused = vi
      .fn<(context: LoadContext) => Promise<string>>()
      .mockRejectedValue(new PublicApiError(404, 'There is no table 99'));
    const second = renderHook(() => usePublicData('table:99', refused));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(refused).toHaveBeenCalledTimes(1);
    expect(second.result.current.error).toMatchObject({ status: 404 });
  });

  it('keeps the data while a reload runs and tells the loader it is a reload', async () => {
    let resolveReload: (value: string) => void = () => undefined;
    const load = vi
      .fn<(context: LoadContext) => Promise<string>>()
      .mockResolvedValueOnce('v1')
      .mockImplementationOnce(() => new Promise((resolve) => (resolveReload = resolve)));
    const { result } = renderHook(() => usePublicData('menu', load));
    await waitFor(() => expect(result.current.data).toBe('v1'));

    act(() => result.current.reload());

    expect(result.current).toMatchObject({ data: 'v1', isPending: true });
    expect(load.mock.calls.map(([context]) => context.isReload)).toEqual([false, true]);
    act(() => resolveReload('v2'));
    await waitFor(() => expect(result.current).toMatchObject({ data: 'v2', isPending: false }));
  });

  it('loads nothing without a key', () => {
    const load = vi.fn<(context: LoadContext) => Promise<string>>();
    const { result } = renderHook(() => usePublicData(null, load));

    expect(result.current).toMatchObject({ data: undefined, isPending: false });
    expect(load).not.toHaveBeenCalled();
  });

  it('shows seeded data from the first render, also when that render is thrown away and done again', async () => {
    // A page the server rendered hydrates with its data; React may render a part, drop it (a sibling suspends),
    // and render it again later: the seed must still be there then, or the page would not match its HTML.
    seedPublicData('seeded-menu', 'menu from the server');
    const load = vi.fn<(context: LoadContext) => Promise<string>>(() => new Promise(() => undefined));
    let arrived = false;
    let release!: () => void;
    const codeArrives = new Promise<void>((resolve) => (release = resolve)).then(() => (arrived = true));
    function Menu() {
      const menu = usePublicData('seeded-menu', load);
      // The rest of the part is not there yet: React drops this render and does it again when it is.
      if (!arrived) throw codeArrives;
      return <p>{menu.data ?? 'nothing yet'}</p>;
    }
    render(
      <Suspense fallback={<p>loading</p>}>
        <Menu />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => {
      release();
      await codeArrives;
    });
    expect(await screen.findByText('menu from the server')).toBeInTheDocument();

    // Once it is on screen, the next one to ask loads it.
    const later = renderHook(() => usePublicData('seeded-menu', load));
    expect(later.result.current.data).toBeUndefined();
  });
});
