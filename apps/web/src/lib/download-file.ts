import axios, { type AxiosRequestConfig } from 'axios';
import { apiClient } from './api-client';

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
 * A file from the API saved as a download: fetched through the api client, so the session and the device come
 * with it, named as the server's Content-Disposition says (else `fallbackName`). Its name is answered; a refusal
 * throws with the server's sentence readable by describeApiError.
 */
export async function downloadFile(
  url: string,
  options: { params?: AxiosRequestConfig['params']; fallbackName: string },
): Promise<string> {
  const response = await apiClient
    .get<Blob>(url, { params: options.params, responseType: 'blob', headers: { Accept: '*/*' } })
    .catch(withReadableErrorBody);
  const name = attachmentName(response.headers['content-disposition']) ?? options.fallbackName;
  saveFile(response.data, name);
  return name;
}
