import type { Printer, PrinterCodepage } from '@quan/contract/printers';

/** The code pages by the names printed on the printers' own self-test pages. */
export const codepageNames: Record<PrinterCodepage, string> = {
  tcvn3: 'TCVN-3',
  viscii: 'VISCII',
  windows1258: 'Windows-1258',
};

/** "192.168.1.50:9100", and "[fe80::5]:9100" for an IPv6 address, whose own colons would blur the port. */
export function addressOf({ host, port }: Pick<Printer, 'host' | 'port'>): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
