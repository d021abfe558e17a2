import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Each text of the sheet in its composed form (NFC): a name typed with a keyboard that sends a letter and its
 * tone mark apart ("e" + "̂" + "̀") prints as the one letter "ề", as fonts and receipt printers expect.
 */
function composeText(root: HTMLElement) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const composed = node.nodeValue?.normalize('NFC');
    if (composed !== node.nodeValue) node.nodeValue = composed ?? null;
  }
}

/**
 * Printing one ticket (a receipt, a kitchen ticket, a Z report): `print(job)` puts what `render` draws of the
 * job into a sheet at the end of <body> and opens the browser's print dialog. The print stylesheet (index.css)
 * hides everything but the sheet, and the sheet goes once the dialog closes. `ticket` names the kind of paper
 * for the stylesheet.
 */
export function usePrintSheet<Job>(ticket: string, render: (job: Job) => ReactNode) {
  const [job, setJob] = useState<Job | null>(null);
  const sheetRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (job === null) return;
    const finish = () => setJob(null);
    window.addEventListener('afterprint', finish);
    if (sheetRef.current) composeText(sheetRef.current);
    window.print();
    return () => window.removeEventListener('afterprint', finish);
  }, [job]);

  const sheet =
    job !== null &&
    createPortal(
      <div ref={sheetRef} className="print-sheet" data-ticket={ticket}>
        {render(job)}
      </div>,
      document.body,
    );

  return { print: setJob, sheet };
}
