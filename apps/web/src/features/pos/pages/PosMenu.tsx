import { Link } from 'react-router';
import type { Item } from '@quan/contract/menu';
import { describeApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { useCategories } from '../../menu/api/list-categories';
import { useItems } from '../../menu/api/list-items';
import { MenuBrowser } from '../components/MenuBrowser';

interface PosMenuProps {
  quantityInCart: (itemId: string) => number;
  canAdd: (item: Item) => boolean;
  onAdd: (item: Item) => void;
}

/** The POS's menu to pick dishes from, once it has loaded; why it has not, or that it is empty, otherwise. */
export function PosMenu({ quantityInCart, canAdd, onAdd }: PosMenuProps) {
  const t = useT();
  const categories = useCategories();
  const items = useItems();
  const canManageMenu = useCan('menu:manage');

  if (categories.isPending || items.isPending) {
    return (
      <p role="status" className="text-stone-600">
        {t('pos.menu.loading')}
      </p>
    );
  }
  if (categories.isError || items.isError) {
    return (
      <div role="alert" className="card space-y-3 p-6">
        <p className="text-stone-800">{describeApiError(categories.error ?? items.error, t('pos.menu.loadError'))}</p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            if (categories.isError) void categories.refetch();
            if (items.isError) void items.refetch();
          }}
        >
          {t('pos.tryAgain')}
        </button>
      </div>
    );
  }
  if (items.data.length === 0) {
    return (
      <div className="card p-6 text-stone-700">
        <p>{t('pos.menu.empty')}</p>
        {canManageMenu && (
          <Link to="/menu-management" className="mt-2 inline-block font-semibold text-amber-800 underline">
            {t('pos.menu.emptyManage')}
          </Link>
        )}
      </div>
    );
  }
  return (
    <MenuBrowser
      categories={categories.data}
      items={items.data}
      quantityInCart={quantityInCart}
      canAdd={canAdd}
      onAdd={onAdd}
    />
  );
}
