import { useParams } from 'react-router';

/**
 * The branch a diner's page is of. `/b/<slug>/public-menu`, `/b/<slug>/table/<n>` and `/b/<slug>/book` name
 * it; the product's original addresses (`/public-menu`, `/table/<n>`, `/book`, on QR codes printed before
 * there were branches) are the first branch's, and their slug is null here.
 */
export function branchSlugOf(pathname: string): string | null {
  const match = /^\/b\/([^/]+)\//.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The branch of the page the router shows (its `:slug`), or null for the first branch's original addresses. */
export function useDinerBranch(): string | null {
  return useParams().slug ?? null;
}

/** The branch of the page the browser is on, for code outside React (what a tab keeps per table). */
export function dinerBranchOfPage(): string | null {
  return typeof location === 'undefined' ? null : branchSlugOf(location.pathname);
}

/** A diner page of the branch: `/b/<slug>/public-menu`, or `/public-menu` for the first branch. */
export const dinerPath = (slug: string | null, page: string): string =>
  slug ? `/b/${encodeURIComponent(slug)}${page}` : page;

/** The start of a branch's public API calls: `/api/public/b/<slug>`. */
export const branchApiPath = (slug: string): string => `/api/public/b/${encodeURIComponent(slug)}`;

/** The name a diner's page shows: the restaurant's, and in a chain the branch's beside it when it differs. */
export function dinerPlaceName(restaurant: { name: string; branch?: { name: string } }): string {
  const branch = restaurant.branch?.name;
  return branch && branch !== restaurant.name ? `${restaurant.name} · ${branch}` : restaurant.name;
}
