import { useMutation } from '@tanstack/react-query';
import type { exportKinds, ExportQuery } from '@quan/contract/shifts';
import { downloadFile } from '../../../lib/download-file';

export type ExportKind = (typeof exportKinds)[number];
export type ExportFormat = NonNullable<ExportQuery['format']>;
/** `scope` chain: every branch's rows, each naming its branch (owners only: 'reports:chain'). */
export type ExportVariables = { kind: ExportKind; from: string; to: string; format: ExportFormat; scope?: 'chain' };

/**
 * Managers: the orders, payments or shifts of a period (restaurant days, both included) as CSV or Excel, saved
 * as a download.
 */
export function downloadExport({ kind, from, to, format, scope }: ExportVariables): Promise<string> {
  return downloadFile(`/api/exports/${encodeURIComponent(kind)}`, {
    params: { from, to, format, ...(scope && { scope }) },
    fallbackName: `quan-${kind}${scope ? '-chain' : ''}-${from}-${to}.${format}`,
  });
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
