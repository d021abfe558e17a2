import type { Branch } from '@quan/contract/branch';
import { lineText } from '@quan/contract/text-fields';
import { z } from 'zod';
import type { EventBus } from '../../events/bus';
import { createEventCache } from '../../events/cache';
import { notFound } from '../../lib/app-error';
import type { BranchesService } from '../branches/service';

/** `/b/{slug}/…`: the branch a diner's link names. */
export const branchSlugParamsSchema = z.strictObject({ slug: lineText().min(1).max(60) });

/** What a diner's page needs of a branch: its id for the queries, its name and address for the page. */
export interface DinerBranch {
  id: string;
  name: string;
  slug: string;
  address: string;
  phone: string;
}

const toDinerBranch = ({ _id, name, slug, address, phone }: Branch): DinerBranch => ({
  id: _id,
  name,
  slug,
  address,
  phone,
});

/** A diner's link naming a branch the restaurant does not have (a typo, or a branch renamed since). */
export const unknownBranchLink = (slug: string) =>
  notFound(`There is no branch "${slug}"; check the link`).because('BRANCH_LINK_UNKNOWN', { slug });

/**
 * The branch a diner's page is of: `/b/<slug>/…` names it; the product's original links (`/public-menu`,
 * `/table/3`, `/book`, printed on QR codes before there were branches) open the first branch. Kept in memory
 * (every public call asks) until a branch changes: adding or editing one records `settings.changed`.
 */
export function createDinerBranches(branches: Pick<BranchesService, 'all'>, bus: Pick<EventBus, 'on'>) {
  // A chain has a handful of branches: all of them, read at once, answer every slug.
  const chain = createEventCache<'all', { first: DinerBranch; all: DinerBranch[] }>({
    bus,
    load: async () => {
      const all = (await branches.all()).map(toDinerBranch);
      if (!all[0]) throw new Error('The database has no branch; run the migrations');
      return { first: all[0], all };
    },
    staleOn: { 'settings.changed': 'all' },
    maxEntries: 1,
  });

  return {
    /** The branch a `/b/<slug>/` link names; 404 BRANCH_LINK_UNKNOWN naming the slug when there is none. */
    async bySlug(slug: string): Promise<DinerBranch> {
      const wanted = slug.toLowerCase();
      const branch = (await chain.get('all')).all.find((one) => one.slug === wanted);
      if (!branch) throw unknownBranchLink(slug);
      return branch;
    },
    /** The branch of the original links: the first one. */
    first: async (): Promise<DinerBranch> => (await chain.get('all')).first,
    /** The first branch's id when known already, without waiting (the public menu's hot path). */
    peekFirstId: (): string | undefined => chain.peek('all')?.first.id,
    /** The id of the branch a slug names when the branches are known already, without waiting (the same). */
    peekIdOf: (slug: string): string | undefined => {
      const wanted = slug.toLowerCase();
      return chain.peek('all')?.all.find((one) => one.slug === wanted)?.id;
    },
    /** Every branch, in the restaurant's order. */
    all: async (): Promise<DinerBranch[]> => (await chain.get('all')).all,
  };
}

export type DinerBranches = ReturnType<typeof createDinerBranches>;
