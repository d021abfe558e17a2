import { QrCode, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { TableNotice } from './TableNotice';

const menuLink = (
  <Link to="/public-menu" className="btn btn-secondary min-h-12 text-base">
    See the menu
  </Link>
);

/** No key in the link, or the server refused it (403): only the table's own QR code lets a diner order. */
export function MissingKeyNotice() {
  return (
    <TableNotice icon={QrCode} title="Scan the QR code on your table" actions={menuLink}>
      <p>Each table has its own code. Scanning it with your phone’s camera opens this page, ready to order.</p>
    </TableNotice>
  );
}

export function UnknownTableNotice({ message }: { message: string }) {
  return (
    <TableNotice icon={SearchX} title={message} actions={menuLink}>
      <p>Check the number on your table, or ask our staff for help.</p>
    </TableNotice>
  );
}
