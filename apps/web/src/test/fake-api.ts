import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../lib/api-client';

export interface FakeResponse {
  status: number;
  body: unknown;
}

export type FakeHandler = (request: {
  method: string;
  url: string;
  config: InternalAxiosRequestConfig;
}) => FakeResponse;

/**
 * Replaces the HTTP layer of the real api client, so the interceptors and fetchers run as in the
 * app while no request leaves the test. Returns the requests seen, as "METHOD /path".
 */
export function installFakeApi(handler: FakeHandler) {
  const originalAdapter = apiClient.defaults.adapter;
  const requests: string[] = [];
  const configs: InternalAxiosRequestConfig[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    requests.push(`${method} ${url}`);
    configs.push(config);
    const { status, body } = handler({ method, url, config });
    if (status === 0) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) {
      const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(`Request failed with status code ${status}`, code, config, null, response);
    }
    return response;
  };

  apiClient.defaults.adapter = adapter;
  return {
    requests,
    configs,
    restore: () => {
      apiClient.defaults.adapter = originalAdapter;
    },
  };
}

export function ok(data: unknown, message?: string): FakeResponse {
  return { status: 200, body: { success: true, message, data } };
}

export function fail(status: number, message: string): FakeResponse {
  return { status, body: { success: false, message } };
}

/** No answer at all: the network is down or the server is not there (axios's "Network Error"). */
export const unreachable: FakeResponse = { status: 0, body: null };
