import { Link, useParams } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';

export function TableOrderingPage() {
  const { tableNo } = useParams();
  return (
    <main className="min-h-dvh bg-stone-50">
      <ComingSoon
        title={`Table ${tableNo ?? ''}`.trim()}
        description="Ordering from your table by scanning its QR code arrives with the table-ordering issue."
      >
        <Link to="/public-menu" className="btn btn-primary mt-6">
          See the menu
        </Link>
      </ComingSoon>
    </main>
  );
}
