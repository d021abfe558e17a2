import { Link } from 'react-router';
import { ComingSoon } from '../../../components/ComingSoon';

export function PublicMenuPage() {
  return (
    <main className="min-h-dvh bg-stone-50">
      <ComingSoon title="Our menu" description="The full menu with prices arrives with the public-menu issue.">
        <Link to="/landing" className="btn btn-secondary mt-6">
          Back to Quán Ngon
        </Link>
      </ComingSoon>
    </main>
  );
}
