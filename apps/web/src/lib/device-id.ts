import { randomUuid } from './random-uuid';

/** Where this device keeps the id it made for itself once: it names the device's cash drawer to the server. */
export const deviceIdStorageKey = 'deviceId';

/**
 * This device's id, made on first use and kept in localStorage. Every staff call sends it (`X-Device-Id`),
 * so a payment counts in the shift open on this device's drawer; signing out keeps it, since the drawer
 * stays where it is.
 */
export function getDeviceId(): string {
  const stored = localStorage.getItem(deviceIdStorageKey);
  if (stored && /^[A-Za-z0-9-]{8,64}$/.test(stored)) return stored;
  const made = randomUuid();
  localStorage.setItem(deviceIdStorageKey, made);
  return made;
}
