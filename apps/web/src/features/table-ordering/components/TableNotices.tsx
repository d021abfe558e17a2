import { QrCode, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { dinerPath, useDinerBranch } from '../../../lib/diner-branch';
import { TableNotice } from './TableNotice';

/** The menu of the table's branch. */
function MenuLink() {
  const t = useT();
  const slug = useDinerBranch();
  return (
    <Link to={dinerPath(slug, '/public-menu')} className="btn btn-secondary min-h-12 text-base">
      {t('table.notice.seeMenu')}
    </Link>
  );
}

/** No key in the link, or the server refused it (403): only the table's own QR code lets a diner order. */
export function MissingKeyNotice() {
  const t = useT();
  return (
    <TableNotice icon={QrCode} title={t('table.notice.scan')} actions={<MenuLink />}>
      <p>{t('table.notice.scan.detail')}</p>
    </TableNotice>
  );
}

/** A table number that cannot exist, or that the restaurant does not have (404). */
export function UnknownTableNotice({ tableNo }: { tableNo: number | string }) {
  const t = useT();
  return (
    <TableNotice icon={SearchX} title={t('table.notice.unknownTable', { tableNo })} actions={<MenuLink />}>
      <p>{t('table.notice.unknownTable.detail')}</p>
    </TableNotice>
  );
}

/** One of the two, for the page that loads them on demand: an unknown table when it names one, else a wrong link. */
export default function LinkNotice({ unknownTableNo }: { unknownTableNo?: number | string }) {
  return unknownTableNo === undefined ? <MissingKeyNotice /> : <UnknownTableNotice tableNo={unknownTableNo} />;
}
