import { UtensilsCrossed } from 'lucide-react';

/** The product's mark beside its name in the header, the sign-in page and the landing page. */
export function BrandIcon() {
  return (
    <span className="rounded-lg bg-amber-700 p-1.5 text-white">
      <UtensilsCrossed aria-hidden="true" className="size-5" />
    </span>
  );
}
