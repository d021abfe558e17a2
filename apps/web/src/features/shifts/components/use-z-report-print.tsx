import { useEffect, useState, type ComponentProps } from 'react';
import { createPortal } from 'react-dom';
import { ZReport } from './ZReport';

type ZReportJob = ComponentProps<typeof ZReport>;

/**
 * Printing a Z report: the report goes into a sheet at the end of <body> and the browser prints; the print
 * stylesheet (index.css) hides everything else, and the sheet goes once the print dialog closes.
 */
export function useZReportPrint() {
  const [job, setJob] = useState<ZReportJob | null>(null);

  useEffect(() => {
    if (!job) return;
    const finish = () => setJob(null);
    window.addEventListener('afterprint', finish);
    window.print();
    return () => window.removeEventListener('afterprint', finish);
  }, [job]);

  const sheet =
    job &&
    createPortal(
      <div className="print-sheet" data-ticket="z-report">
        <ZReport {...job} />
      </div>,
      document.body,
    );

  return { print: setJob, sheet };
}
