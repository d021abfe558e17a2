import { isLocalAddress, type Settings } from '@quan/contract/settings';

/**
 * The address table QR codes carry: the restaurant's public address when an admin set one, else the address this
 * app was opened on. `isLocal` (only once the settings are known) says a phone scanning the code would reach
 * nothing: the address is this machine's own (localhost, 127.x).
 */
export function qrAddressOf(settings: Settings | undefined): { origin: string; isLocal: boolean } {
  const origin = settings?.publicAddress ?? window.location.origin;
  return { origin, isLocal: settings !== undefined && isLocalAddress(origin) };
}
