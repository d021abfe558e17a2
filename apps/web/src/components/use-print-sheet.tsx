import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Printing one ticket (a receipt, a kitchen ticket, a Z report): `print(job)` puts what `render` draws of the
 * job into a sheet at the end of <body> and opens the browser's print dialog. The print stylesheet (index.css)
 * hides everything but the sheet, and the sheet goes once the dialog closes. `ticket` names the kind of paper
 * for the stylesheet.
 */
export function usePrintSheet<Job>(ticket: string, render: (job: Job) => ReactNode) {
  const [job, setJob] = useState<Job | null>(null);

  useEffect(() => {
    if (job === null) return;
    const finish = () => setJob(null);
    window.addEventListener('afterprint', finish);
    window.print();
    return () => window.removeEventListener('afterprint', finish);
  }, [job]);

  const sheet =
    job !== null &&
    createPortal(
      <div className="print-sheet" data-ticket={ticket}>
        {render(job)}
      </div>,
      document.body,
    );

  return { print: setJob, sheet };
}
