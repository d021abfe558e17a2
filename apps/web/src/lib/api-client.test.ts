import axios, { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, fail, ok } from '../test/fake-api';
import { apiClient, describeApiError } from './api-client';
import { deviceIdStorageKey } from './device-id';
import { activateLanguage } from './i18n';
import { tokenStorageKey } from './session-storage';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;

function errorWithResponse(status: number, data: unknown): AxiosError {
  return new AxiosError('Request failed', AxiosError.ERR_BAD_REQUEST, config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}

describe('describeApiError', () => {
  const fallback = 'Could not load the accounts.';

  it("returns the server's message", () => {
    const error = errorWithResponse(409, { success: false, message: 'Table 5 already exists' });
    expect(describeApiError(error, fallback)).toBe('Table 5 already exists');
  });

  it("says a refused field's own sentence in Vietnamese, and the server's whole sentence in English", async () => {
    const error = errorWithResponse(400, {
      success: false,
      message: 'Invalid request body: name: Name cannot be empty',
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'name', message: 'Name cannot be empty' }],
    });
    expect(describeApiError(error, fallback)).toBe('Invalid request body: name: Name cannot be empty');
    await activateLanguage('vi', 'staff');
    expect(describeApiError(error, fallback)).toBe('Tên không được để trống');
  });

  it('says a coded refusal in Vietnamese from the catalogues: the end of the night, a manager’s approval', async () => {
    const shiftClose = errorWithResponse(409, {
      success: false,
      message: 'Order 5502 is still open: take their payments or cancel them before closing the last shift',
      code: 'SHIFT_OPEN_ORDERS',
      params: { count: 1, orderNos: '5502' },
    });
    const approval = errorWithResponse(429, {
      success: false,
      message: 'Too many approval attempts with this email; try again in 9 minutes',
      code: 'TOO_MANY_APPROVALS',
      params: { minutes: 9 },
    });
    expect(describeApiError(approval, fallback)).toBe(
      'Too many approval attempts with this email; try again in 9 minutes',
    );
    await activateLanguage('vi', 'staff');
    expect(describeApiError(shiftClose, fallback)).toBe(
      '1 đơn vẫn đang mở (5502): hãy thu tiền hoặc hủy trước khi đóng ca cuối cùng',
    );
    expect(describeApiError(approval, fallback)).toBe(
      'Duyệt sai quá nhiều lần với email này; vui lòng thử lại sau 9 phút',
    );
  });

  it('explains a network error (no response)', () => {
    const error = new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    expect(describeApiError(error, fallback)).toBe('Cannot reach the server. Check your connection and try again.');
  });

  it.each([AxiosError.ECONNABORTED, AxiosError.ETIMEDOUT])('explains a timeout (%s)', (code) => {
    const error = new AxiosError('timeout of 1000ms exceeded', code, config, {});
    expect(describeApiError(error, fallback)).toBe('The server took too long to answer. Please try again.');
  });

  it('explains a cancellation', () => {
    const error = new axios.CanceledError(undefined, undefined, config);
    expect(describeApiError(error, fallback)).toBe('The request was cancelled.');
  });

  it('falls back when the response has no usable message', () => {
    expect(describeApiError(errorWithResponse(500, '<html>Bad gateway</html>'), fallback)).toBe(fallback);
    expect(describeApiError(errorWithResponse(500, { success: false, message: '  ' }), fallback)).toBe(fallback);
  });

  it('falls back for errors that did not come from axios', () => {
    expect(describeApiError(new Error('boom'), fallback)).toBe(fallback);
    expect(describeApiError(undefined, fallback)).toBe(fallback);
  });
});

describe('apiClient', () => {
  let fakeApi: ReturnType<typeof installFakeApi> | undefined;
  afterEach(() => {
    fakeApi?.restore();
    vi.restoreAllMocks();
  });

  it('is configured as the product requires: credentials, JSON, no timeout', () => {
    expect(apiClient.defaults.withCredentials).toBe(true);
    expect(apiClient.defaults.timeout ?? 0).toBe(0);
    expect(apiClient.defaults.headers['Content-Type']).toBe('application/json');
  });

  it('sends the stored token as a Bearer header', async () => {
    localStorage.setItem(tokenStorageKey, 'abc.def.ghi');
    fakeApi = installFakeApi(() => ok(null));

    await apiClient.get('/api/user');

    expect(fakeApi.configs[0]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without a token', async () => {
    fakeApi = installFakeApi(() => ok(null));

    await apiClient.get('/api/user');

    expect(fakeApi.configs[0]?.headers.has('Authorization')).toBe(false);
  });

  it('names this device in every call, with the same id each time', async () => {
    fakeApi = installFakeApi(() => ok(null));

    await apiClient.get('/api/shifts/current');
    await apiClient.post('/api/order/1/payments', {});

    const [first, second] = fakeApi.configs.map((sent) => sent.headers.get('X-Device-Id'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(localStorage.getItem(deviceIdStorageKey)).toBe(first);
  });

  it('only logs a 401 from a non-auth URL and still rejects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi = installFakeApi(() => fail(401, 'Sign in to continue'));

    await expect(apiClient.get('/api/user/users')).rejects.toMatchObject({ response: { status: 401 } });

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('/api/user/users');
  });

  it('does not log a 401 from sign-in, where it means a wrong password', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi = installFakeApi(() => fail(401, 'Invalid email or password'));

    await expect(apiClient.post('/api/user/login', {})).rejects.toBeInstanceOf(AxiosError);

    expect(warn).not.toHaveBeenCalled();
  });
});
