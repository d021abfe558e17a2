import type { Settings } from '@quan/contract/settings';
import type { Transact } from '../../events/transact';
import { newId } from '../../lib/ids';
import { vietQrPayload } from '../../lib/vietqr';
import { clockDateTime } from './clock-text';
import type { PrinterWithStations } from './repository';
import { enqueue, jobsOn } from './enqueue';

/** Without a bank account yet, a sample account's code: the owner still sees that codes scan on this paper. */
const sampleAccount = { bin: '970436', accountNumber: '0123456789' };

/** "Print a test page": the restaurant's name, every Vietnamese tone mark in both modes, a VietQR code, the settings. */
export async function queueTestPage(
  transact: Transact,
  target: {
    printer: PrinterWithStations;
    settings: Settings;
    branchName: string | null;
    userId: string;
  },
): Promise<{ jobId: string }> {
  const { printer, settings } = target;
  const [job] = jobsOn([printer], `test-page:${newId()}`, {
    branchId: printer.branchId,
    kind: 'test_page',
    payload: {
      testPage: {
        language: settings.language,
        restaurantName: settings.restaurantName,
        branchName: target.branchName,
        vietQrPayload: vietQrPayload(settings.bank ?? sampleAccount, { amount: 10_000, note: 'IN THU' }),
        printer: {
          name: printer.name,
          address: `${printer.host}:${printer.port}`,
          paperWidth: printer.paperWidth,
          mode: printer.mode,
          codepage: printer.codepage ?? 'tcvn3',
        },
        printedAt: clockDateTime(settings.timezone, new Date()),
      },
    },
    userId: target.userId,
  });
  await transact((tx, record) => enqueue(tx, record, printer.branchId, [job!]));
  return { jobId: job!.id! };
}
