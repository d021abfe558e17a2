import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSecret } from '../config';

/**
 * The signing secret when JWT_SECRET is not set: generated on first start and kept in DATA_DIR, so
 * sessions survive a restart. In memory (tests) it is new for each app.
 */
export function loadJwtSecret(dataDir: string | null): string {
  if (!dataDir) return generateSecret();
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = generateSecret();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
