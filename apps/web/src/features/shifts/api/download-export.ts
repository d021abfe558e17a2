import { useMutation } from '@tanstack/react-query';
import axios from 'axios';
import type { exportKinds, ExportQuery } from '@quan/contract/shifts';
import { apiClient } from '../../../lib/api-client';

export type ExportKind = (typeof exportKinds)[number];
export type ExportFormat = NonNullable<ExportQuery['format']>;
/** `scope` chain: every branch's rows, each naming its branch (owners only: 'reports:chain'). */
export type ExportVariables = { kind: ExportKind; from: string; to: string; format: ExportFormat; scope?: 'chain' };

/** The file name the server gives in Content-Disposition (filename* first, for Vietnamese names), if any. */
export function attachmentName(disposition: unknown): string | null {
  if (typeof disposition !== 'string') return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoded name: fall back to the plain one.
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(disposition);
  return plain?.[2]?.trim() ?? null;
}

/**
 * A refusal arrives as a Blob like the file would have; reading it back as JSON lets the usual error message
 * (describeApiError) show the server's sentence ("from must not be after to").
 */
async function withReadableErrorBody(error: unknown): Promise<never> {
  if (axios.isAxiosError(error) && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await error.response.data.text()) as unknown;
    } catch {
      // Not JSON: the generic message will do.
    }
  }
  throw error;
}

/** Hands the file to the browser as a download: an object URL on a temporary link, clicked, then let go. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns; the URL must outlive it for a moment.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Managers: the orders, payments or shifts of a period (restaurant days, both included) as CSV or Excel. It
 * goes through the api client, so the session and the device come with it, and is saved as a download.
 */
export async function downloadExport({ kind, from, to, format, scope }: ExportVariables): Promise<string> {
  const response = await apiClient
    .get<Blob>(`/api/exports/${encodeURIComponent(kind)}`, {
      params: { from, to, format, ...(scope && { scope }) },
      responseType: 'blob',
      headers: { Accept: '*/*' },
    })
    .catch(withReadableErrorBody);
  const name =
    attachmentName(response.headers['content-disposition']) ??
    `quan-${kind}${scope ? '-chain' : ''}-${from}-${to}.${format}`;
  saveFile(response.data, name);
  return name;
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
