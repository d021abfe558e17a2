import type { ComponentProps } from 'react';
import { usePrintSheet } from '../../../components/use-print-sheet';
import { ZReport } from './ZReport';

/** Printing a Z report on 80 mm paper. */
export function useZReportPrint() {
  return usePrintSheet('z-report', (job: ComponentProps<typeof ZReport>) => <ZReport {...job} />);
}
