import axios from 'axios';
import type { ErrorResponse, FieldError } from '@quan/contract/common';
import { DEVICE_ID_HEADER } from '@quan/contract/payments';
import { getDeviceId } from './device-id';
import { i18n } from '@lingui/core';
import { translateErrorCode } from './i18n';
import { translateValidationMessage } from './validation-messages';
import { getStoredToken } from './session-storage';

const authUrls = ['/api/user/login', '/api/user/register'];

function isAuthUrl(url: string | undefined): boolean {
  return !!url && authUrls.some((authUrl) => url.startsWith(authUrl));
}

export const apiClient = axios.create({
  baseURL: import.meta.env.VITE_API_URL ?? '',
  withCredentials: true,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

apiClient.interceptors.request.use((config) => {
  const token = getStoredToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // The drawer a payment or refund from this device belongs to (see lib/device-id.ts).
  config.headers.set(DEVICE_ID_HEADER, getDeviceId());
  return config;
});

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  // A 401 elsewhere than sign-in is the session loader's business (RequireAuth): it refetches the user and
  // sends the person to /auth, so here it is only worth a log line.
  if (axios.isAxiosError(error) && error.response?.status === 401 && !isAuthUrl(error.config?.url)) {
    console.warn(`Unauthorized response from ${error.config?.url ?? 'the API'}`);
  }
  return Promise.reject(error);
});

function errorBody(error: unknown): Partial<ErrorResponse> | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const body: unknown = error.response?.data;
  return typeof body === 'object' && body !== null ? (body as Partial<ErrorResponse>) : undefined;
}

/**
 * A sentence to show a person for a failed call: its code's in their language when the catalogues have it,
 * else the server's own message.
 */
export function describeApiError(error: unknown, fallback: string): string {
  if (axios.isCancel(error)) return i18n._('common.error.cancelled');
  const body = errorBody(error);
  const translated = translateErrorCode(body?.code, body?.params);
  if (translated) return translated;
  // A refused field's own sentence says more than "Invalid request body: …", and the catalogues may have it.
  const fieldMessage = body?.code === 'VALIDATION_FAILED' ? body.errors?.[0]?.message : undefined;
  if (fieldMessage && translateValidationMessage(fieldMessage) !== fieldMessage) {
    return translateValidationMessage(fieldMessage);
  }
  const message = body?.message;
  if (typeof message === 'string' && message.trim()) return message;
  if (axios.isAxiosError(error)) {
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
      return i18n._('common.error.timeout');
    }
    if (!error.response) {
      return i18n._('common.error.serverUnreachable');
    }
  }
  return fallback;
}

/** Per-field messages of a 400 answer, to show next to the inputs they belong to. */
export function getApiFieldErrors(error: unknown): FieldError[] {
  const errors = errorBody(error)?.errors;
  return Array.isArray(errors) ? errors : [];
}

export function getApiStatus(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}
