import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Printer } from '@quan/contract/printers';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { printersQueryKey } from './list-printers';
import { useReadPrinterStatus } from './read-printer-status';

const kitchenPrinter: Printer = {
  _id: '0190a1b2-0000-7000-8000-0000000000a1',
  name: 'Máy bếp',
  host: '192.168.1.50',
  port: 9100,
  paperWidth: 80,
  mode: 'raster',
  codepage: null,
  stationIds: [],
  printsBills: false,
  printsReceipts: false,
  printsZReports: false,
  hasDrawer: false,
  fallbackPrinterId: null,
  fallbackAfterSeconds: 60,
  bridgeId: null,
  status: 'online',
  statusAt: '2026-11-29T12:05:00.000Z',
  queued: 0,
  createdAt: '2026-11-20T03:00:00.000Z',
  updatedAt: '2026-11-20T03:00:00.000Z',
};
const coverOpen: Printer = { ...kitchenPrinter, status: 'cover_open', statusAt: '2026-11-29T12:10:00.000Z' };

describe('useReadPrinterStatus', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => fakeApi?.restore());

  it('keeps the status just read over a read of the list asked before it', async () => {
    fakeApi = installFakeApi(({ method, url }) =>
      method === 'POST' && url === `/api/printers/${kitchenPrinter._id}/status`
        ? ok(coverOpen)
        : fail(404, 'Not found'),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(printersQueryKey, [kitchenPrinter]);
    // A refresh of the list under way, which will answer with the status from before.
    let answerList: (printers: Printer[]) => void = () => undefined;
    void queryClient.fetchQuery({
      queryKey: printersQueryKey,
      queryFn: () => new Promise<Printer[]>((resolve) => (answerList = resolve)),
      staleTime: 0,
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useReadPrinterStatus(), { wrapper });

    await act(() => result.current.mutateAsync(kitchenPrinter._id));
    await act(async () => answerList([kitchenPrinter]));

    expect(queryClient.getQueryData<Printer[]>(printersQueryKey)?.[0]?.status).toBe('cover_open');
  });
});
