import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// yaml comes with the dev tools (vite, @fastify/swagger); compose files use merge keys (`<<: *app`).
import { parse as parseYaml } from 'yaml';
import { loadConfig, settingNames } from '../src/config';

/** The settings the server reads (config.ts) and the two places that document them agree. */
const repoRoot = resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(resolve(repoRoot, file), 'utf8');

/** The variables of the settings table in docs/operations.md: the names in backquotes in its first column. */
function settingsTableNames(): string[] {
  const operations = read('docs/operations.md');
  const start = operations.indexOf('## Settings');
  expect(start, 'docs/operations.md has a "## Settings" section').toBeGreaterThanOrEqual(0);
  const rows = operations
    .slice(start)
    .split('\n')
    .slice(1)
    .filter((line) => line.startsWith('|'));
  return rows.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!),
  );
}

describe('settings documentation', () => {
  it('.env.example lists every variable config.ts reads, and no other', () => {
    const listed = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);
    expect([...new Set(listed)].sort()).toEqual([...settingNames].sort());
  });

  it('the settings table of docs/operations.md names only variables config.ts reads, and the operations ones', () => {
    const names = settingsTableNames();
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(settingNames, `docs/operations.md names ${name}`).toContain(name);
    for (const name of [
      'SHUTDOWN_DRAIN_MS',
      'SHUTDOWN_GRACE_MS',
      'DATABASE_CONNECT_TIMEOUT_MS',
      'DATABASE_STATEMENT_TIMEOUT_MS',
    ]) {
      expect(names).toContain(name);
    }
  });
});

/** The Dockerfile's `ENV` instructions (`ENV A=1 B=2`, on one line or several, or `ENV A 1`): name to value. */
function dockerfileEnv(): Record<string, string> {
  const lines = read('Dockerfile').replace(/\\\n/g, ' ').split('\n');
  const env: Record<string, string> = {};
  for (const line of lines) {
    const instruction = /^ENV\s+(.*)$/.exec(line.trim());
    if (!instruction) continue;
    const rest = instruction[1]!;
    const single = /^([A-Za-z_][A-Za-z0-9_]*)\s+([^=]*)$/.exec(rest);
    if (single) env[single[1]!] = single[2]!.trim();
    else for (const [, name, value] of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(\S*)/g)) env[name!] = value!;
  }
  return env;
}

interface ComposeService {
  build?: unknown;
  environment?: Record<string, string | number | boolean | null> | string[];
  stop_grace_period?: string;
}

/** The services of compose.yaml built from this repository (the app instances), with their environment. */
function composeAppServices(): [string, ComposeService][] {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
  return Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
}

function environmentOf(service: ComposeService): Record<string, string> {
  const entries = Array.isArray(service.environment)
    ? service.environment.map((item) => [item.split('=')[0]!, item.slice(item.indexOf('=') + 1)])
    : Object.entries(service.environment ?? {}).map(([name, value]) => [name, String(value ?? '')]);
  return Object.fromEntries(entries);
}

/** Compose's interpolation as a deployment would fill it: `${X:-default}` its default, `${X:?message}` a secret. */
const interpolated = (value: string) =>
  value.replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1').replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'a'.repeat(40));

/** "25s", "1m30s", "1500ms" (compose durations) in milliseconds. */
function durationMs(value: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  expect(parts.map((part) => part[0]).join(''), `a compose duration: ${value}`).toBe(value);
  return parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * units[unit!]!, 0);
}

describe('container files', () => {
  it('the Dockerfile and compose.yaml set only variables config.ts reads and docs/operations.md documents', () => {
    const documented = settingsTableNames();
    const image = dockerfileEnv();
    const services = composeAppServices();
    expect(Object.keys(image)).toEqual(expect.arrayContaining(['NODE_ENV', 'DATA_DIR', 'PORT']));
    expect(services.length, 'compose.yaml runs two app instances').toBeGreaterThanOrEqual(2);
    const named = [...Object.keys(image), ...services.flatMap(([, service]) => Object.keys(environmentOf(service)))];
    for (const name of new Set(named)) {
      expect(settingNames, `${name} is read by config.ts`).toContain(name);
      expect(documented, `${name} is in the settings table of docs/operations.md`).toContain(name);
    }
  });

  it('compose.yaml takes its secrets from outside, and its values are valid settings', () => {
    for (const [name, service] of composeAppServices()) {
      const environment = environmentOf(service);
      for (const setting of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET']) {
        expect(environment[setting], `${name} sets ${setting}`).toBeTruthy();
      }
      // Written as ${VAR:?…} (or ${VAR:-} for an optional one): the value itself never sits in the file.
      expect(environment.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?[^}]*\}$/);
      expect(environment.DATABASE_URL).toMatch(/\$\{POSTGRES_PASSWORD:\?[^}]*\}@/);
      for (const [setting, value] of Object.entries(environment)) {
        if (/SECRET/.test(setting)) expect(value, `${setting} of ${name}`).toMatch(/^\$\{[A-Z0-9_]+:[?-][^}]*\}$/);
      }

      // The server starts on these values (as a deployment fills them in) with the image's own.
      const config = loadConfig({
        ...dockerfileEnv(),
        ...Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, interpolated(v)])),
      });
      expect(config.database.driver).toBe('postgres');
      expect(config.redis).not.toBeNull();
      // Docker kills this long after SIGTERM: not before the server gives up by itself (main.ts: drain + grace
      // + 5 s to close the database and Redis), so that a slow stop ends with the server's own word on it.
      const { drainMs, graceMs } = config.shutdown;
      expect(service.stop_grace_period, `${name} has a stop_grace_period`).toBeDefined();
      expect(durationMs(service.stop_grace_period!)).toBeGreaterThanOrEqual(drainMs + graceMs + 5000);
    }
  });

  it('the balancer sends traffic to every app instance of compose.yaml, on the port the image serves', () => {
    const haproxy = read('deploy/haproxy.cfg');
    const port = dockerfileEnv().PORT;
    expect(read('Dockerfile')).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
    for (const [name] of composeAppServices()) {
      expect(haproxy, `deploy/haproxy.cfg has a server line for ${name}`).toMatch(
        new RegExp(`^\\s*server ${name} ${name}:${port}\\b`, 'm'),
      );
    }
    expect(haproxy).toMatch(/^\s*http-check send meth GET uri \/readyz$/m);
  });
});
