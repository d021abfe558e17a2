import { createContext, useContext } from 'react';
import type { PublicMenu } from '@quan/contract/public';
import { DishCartControls } from './DishCartControls';

type MenuItem = PublicMenu['categories'][number]['items'][number];

/** What a dish card's buttons need from the table's cart. */
export interface TableCartActions {
  unitsOf: (itemId: string) => number;
  /** Whether the card's + may add (or, for a dish with options, open its sheet). */
  canAdd: (item: MenuItem) => boolean;
  /** Adds one unit, or opens the dish's options to choose first. */
  add: (item: MenuItem) => void;
  removeOne: (itemId: string) => void;
}

export const TableCartContext = createContext<TableCartActions | null>(null);

/**
 * The cart buttons of a dish card on the table page. They read the cart from the context, so a tap
 * re-renders the buttons and not the whole menu. The card gives the dish as it shows it, in the diner's
 * language, so the buttons, the options sheet and the cart name it as the card does.
 */
export function DishCartAction({ item }: { item: MenuItem }) {
  const cart = useContext(TableCartContext);
  if (!cart) return null;
  return (
    <DishCartControls
      name={item.name}
      quantity={cart.unitsOf(item._id)}
      canAdd={cart.canAdd(item)}
      opensOptions={item.optionGroups.length > 0}
      onAdd={() => cart.add(item)}
      onRemove={() => cart.removeOne(item._id)}
    />
  );
}
