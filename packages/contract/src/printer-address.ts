import { z } from 'zod';

/**
 * Where a network printer listens: an IP address on the restaurant's own network and a raw TCP port (9100, the
 * port ESC/POS printers take jobs on). The server opens connections to it, so an address that would let a person
 * point the server at the internet or at a name that resolves anywhere is refused: only loopback, private
 * (10/8, 172.16/12, 192.168/16, fc00::/7) and link-local (169.254/16, fe80::/10) IP literals pass. The carrier's
 * shared range 100.64/10 is the provider's side of the router, never a printer on the counter, so it is refused.
 */

/** The raw printing port every network ESC/POS printer listens on unless told otherwise. */
export const DEFAULT_PRINTER_PORT = 9100;

const ipv4Literal = z.ipv4();
const ipv6Literal = z.ipv6();

function isLanIpv4([first, second, third, fourth]: readonly number[]): boolean {
  // A cloud server's metadata service answers at this link-local address: never a printer, always a secret.
  if (first === 169 && second === 254 && third === 169 && fourth === 254) return false;
  return (
    first === 127 ||
    first === 10 ||
    (first === 172 && second! >= 16 && second! <= 31) ||
    (first === 192 && second === 168) ||
    (first === 169 && second === 254)
  );
}

/** The eight 16-bit groups of a valid IPv6 literal, with "::" filled in and a dotted IPv4 tail as its two groups. */
function ipv6Groups(text: string): number[] {
  const dottedTail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  const hex = dottedTail
    ? text.slice(0, dottedTail.index) +
      [0, 2].map((at) => ((Number(dottedTail[at + 1]) << 8) | Number(dottedTail[at + 2])).toString(16)).join(':')
    : text;
  const groupsOf = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head, tail] = hex.split('::');
  const left = groupsOf(head);
  const right = groupsOf(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function isLanIpv6(groups: readonly number[]): boolean {
  const [first] = groups as [number];
  const zerosBefore = (index: number) => groups.slice(0, index).every((group) => group === 0);
  if (zerosBefore(7) && groups[7] === 1) return true;
  if (zerosBefore(5) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return isLanIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  // fd00:ec2::254 is the IPv6 face of the same metadata service.
  const isMetadata = groups.join(':') === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(':');
  return !isMetadata && ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80);
}

/**
 * Whether the server may open a connection to this host: a loopback, private or link-local IP literal, written
 * plainly (no host names, no zone, no "127.1" or octal forms that a resolver would read differently). Never looks
 * anything up.
 */
export function isPrinterHost(host: string): boolean {
  if (ipv4Literal.safeParse(host).success) return isLanIpv4(host.split('.').map(Number));
  if (ipv6Literal.safeParse(host).success) return isLanIpv6(ipv6Groups(host));
  return false;
}

export const printerHostSchema = z
  .string()
  .trim()
  .refine(
    isPrinterHost,
    "A printer's address must be a private or loopback IP address on the restaurant's network, like 192.168.1.50",
  );

export const printerPortSchema = z
  .int32('A port is a whole number from 1 to 65535')
  .min(1, 'A port is a whole number from 1 to 65535')
  .max(65535, 'A port is a whole number from 1 to 65535');

export const printerAddressSchema = z.strictObject({
  host: printerHostSchema,
  port: printerPortSchema.default(DEFAULT_PRINTER_PORT),
});
export type PrinterAddress = z.infer<typeof printerAddressSchema>;
