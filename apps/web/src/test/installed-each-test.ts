import { afterEach } from 'vitest';

/**
 * A slot for what a test installs (a fake server, mostly): the test sets `slot[name]`, reads it back, and it is
 * taken down after each test of the describe that calls this. Reading it before a test set it is the test's
 * mistake, so it throws rather than hand back undefined.
 */
export function installedEachTest<Name extends string, T>(
  name: Name,
  takeDown: (installed: T) => void,
): Record<Name, T> {
  let installed: T | undefined;
  afterEach(() => {
    if (installed !== undefined) takeDown(installed);
    installed = undefined;
  });

  const slot = {} as Record<Name, T>;
  Object.defineProperty(slot, name, {
    enumerable: true,
    get: () => {
      if (installed === undefined) throw new Error(`The test reads ${name} before installing it`);
      return installed;
    },
    set: (value: T) => {
      installed = value;
    },
  });
  return slot;
}
