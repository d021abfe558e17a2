import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Transact } from '../../events/transact';
import type { BranchesService } from '../branches/service';
import type { CustomersService } from '../customers/service';
import type { IngredientsService } from '../ingredients/service';
import type { MenuService } from '../menu/service';
import type { OrdersService } from '../orders/service';
import type { SettingsService } from '../settings/service';

/** Who is acting: the signed-in person, in the branch their session works in. */
export interface ReservationActor {
  id: string;
  name: string;
  branchId: string;
}

/**
 * What the reservation use cases need: the database, and the services of the modules a booking touches
 * (pricing and firing its pre-order, checking the stock, the loyalty customer and no-shows).
 */
export interface ReservationsDeps {
  db: Database;
  transact: Transact;
  settings: Pick<SettingsService, 'get'>;
  menu: Pick<MenuService, 'orderMenu'>;
  orders: Pick<OrdersService, 'quoteLines' | 'placeReservedOrder'>;
  stock: Pick<IngredientsService, 'checkForLines'>;
  customers: Pick<CustomersService, 'findOrCreateByPhone' | 'addNoShow'>;
  /** A guest's booking page names the branch it was asked of, to book there again. */
  branches: Pick<BranchesService, 'all'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}
