import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_PORT, isPrinterHost, printerAddressSchema } from './printer-address';

const RULE =
  "A printer's address must be a private or loopback IP address on the restaurant's network, like 192.168.1.50";

describe("a printer's host", () => {
  it.each([
    ['127.0.0.1', 'IPv4 loopback'],
    ['127.255.255.254', 'the end of the loopback block'],
    ['10.0.0.9', 'RFC 1918 10/8'],
    ['172.16.0.1', 'RFC 1918 172.16/12, first'],
    ['172.31.255.254', 'RFC 1918 172.16/12, last'],
    ['192.168.1.50', 'RFC 1918 192.168/16'],
    ['169.254.10.20', 'IPv4 link-local'],
    ['::1', 'IPv6 loopback'],
    ['fd12:3456:789a::50', 'unique local fd00::/8'],
    ['fc00::1', 'unique local fc00::/8'],
    ['FE80::1', 'IPv6 link-local, upper case'],
    ['febf:ffff::1', 'the end of fe80::/10'],
    ['::ffff:192.168.1.50', 'a private IPv4 written as IPv4-mapped IPv6'],
    ['::ffff:c0a8:132', 'the same in hex groups'],
  ])('admits %s (%s)', (host) => {
    expect(isPrinterHost(host)).toBe(true);
  });

  it.each([
    ['8.8.8.8', 'a public address'],
    ['169.254.169.254', "a cloud server's metadata service"],
    ['fd00:ec2::254', "the same service's IPv6 address"],
    ['::ffff:169.254.169.254', 'the same written as IPv4-mapped IPv6'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.1', 'just above 172.16/12'],
    ['192.169.0.1', 'just above 192.168/16'],
    ['11.0.0.1', 'just above 10/8'],
    ['100.64.0.1', 'carrier-grade NAT, the provider side of the router'],
    ['100.127.255.254', 'the end of carrier-grade NAT'],
    ['0.0.0.0', 'the unspecified address'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.251', 'multicast'],
    ['2001:4860:4860::8888', 'a public IPv6 address'],
    ['::', 'the unspecified IPv6 address'],
    ['ff02::1', 'IPv6 multicast'],
    ['fec0::1', 'the retired site-local range, just past fe80::/10'],
    ['::ffff:8.8.8.8', 'a public IPv4 written as IPv4-mapped IPv6'],
    ['::ffff:808:808', 'the same in hex groups'],
    ['printer.local', 'a host name, which would need a lookup'],
    ['localhost', 'a host name, even a local one'],
    ['127.1', 'a short form a resolver reads as 127.0.0.1'],
    ['0x7f.0.0.1', 'a hex form'],
    ['010.0.0.1', 'an octal-looking form a resolver would read as 8.0.0.1'],
    ['fe80::1%eth0', 'an IPv6 address with a zone'],
    ['[::1]', 'an IPv6 address in brackets'],
    ['192.168.1.50:9100', 'an address with its port'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (host) => {
    expect(isPrinterHost(host)).toBe(false);
  });
});

describe("a printer's address", () => {
  it('takes port 9100 when none is given, and trims the host a person typed', () => {
    expect(printerAddressSchema.parse({ host: ' 192.168.1.50 ' })).toEqual({ host: '192.168.1.50', port: 9100 });
    expect(DEFAULT_PRINTER_PORT).toBe(9100);
  });

  it('refuses a public address or a name with a sentence that says what is expected', () => {
    for (const host of ['8.8.8.8', 'printer.example.com']) {
      const result = printerAddressSchema.safeParse({ host, port: 9100 });
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['host'], message: RULE })]);
    }
  });

  it.each([0, 65536, 9100.5, -1])('refuses port %s', (port) => {
    const result = printerAddressSchema.safeParse({ host: '192.168.1.50', port });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['port'], message: 'A port is a whole number from 1 to 65535' }),
    ]);
  });

  it('admits ports 1 and 65535', () => {
    expect(printerAddressSchema.parse({ host: '10.0.0.2', port: 1 }).port).toBe(1);
    expect(printerAddressSchema.parse({ host: '10.0.0.2', port: 65535 }).port).toBe(65535);
  });
});
