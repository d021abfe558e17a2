import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;

/** The value of one sample line, or undefined when the series is not there. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('request metrics', () => {
  it('count and time each response by method, route pattern and status', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/healthz' });
    const text = await scrape();
    const labels = 'method="GET",route="/healthz",status_code="200"';
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, `http_requests_total{${labels}}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_count{${labels}}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_sum{${labels}}`)).toBeGreaterThan(0);
    const bounds = [
      ...text.matchAll(/http_request_duration_seconds_bucket\{le="([^"]+)",method="GET",route="\/healthz",/g),
    ];
    expect(bounds.map((match) => match[1])).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '+Inf',
    ]);
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",${labels}}`)).toBe(3);
  });

  it('label a route by its pattern, never its raw URL, and unknown paths as unmatched', async () => {
    await t.app.inject({ method: 'GET', url: '/api/public/tables/7?key=abc' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route/123' });
    const text = await scrape();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/public\/tables\/:tableNo",status_code="\d+"\} 1/,
    );
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status_code="404"} 1');
    expect(text).not.toContain('/api/public/tables/7');
    expect(text).not.toContain('no-such-route');
  });
});
