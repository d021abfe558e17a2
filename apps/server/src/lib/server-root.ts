import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/server folder, found by walking up to its package.json. The code runs both from src/ (tsx,
 * vitest) and bundled from dist/, so a fixed relative path would be wrong in one of them.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the server package root');
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();
export const migrationsDir = join(serverRoot, 'src/db/migrations');
