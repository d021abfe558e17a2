import {
  ArrowLeftRight,
  BookOpen,
  CalendarClock,
  Carrot,
  ChartLine,
  ClipboardList,
  Disc3,
  LayoutDashboard,
  NotebookPen,
  Printer,
  ReceiptText,
  Scale,
  Armchair,
  Store,
  Ticket,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Permission } from '@quan/contract/permissions';
import { useT } from '../../../lib/i18n';
import { useCanCheck } from '../../../lib/use-can';

/** A page as a card: the message ids of its title and of what it is for, translated when shown. */
export interface LinkCard {
  to: string;
  titleId: string;
  descriptionId: string;
  icon: LucideIcon;
  /** Shown only to those who may use the page (the contract's permission table). */
  permission?: Permission;
}

const links: LinkCard[] = [
  {
    to: '/orders',
    titleId: 'settings.link.orders',
    descriptionId: 'settings.link.orders.description',
    icon: ClipboardList,
  },
  { to: '/tables', titleId: 'settings.link.tables', descriptionId: 'settings.link.tables.description', icon: Armchair },
  {
    to: '/reservations',
    permission: 'reservations:read',
    titleId: 'settings.link.reservations',
    descriptionId: 'settings.link.reservations.description',
    icon: CalendarClock,
  },
  { to: '/menu', titleId: 'settings.link.menu', descriptionId: 'settings.link.menu.description', icon: BookOpen },
  {
    to: '/menu-management',
    permission: 'menu:manage',
    titleId: 'settings.link.menuManagement',
    descriptionId: 'settings.link.menuManagement.description',
    icon: NotebookPen,
  },
  {
    to: '/dashboard',
    permission: 'reports:read',
    titleId: 'settings.link.dashboard',
    descriptionId: 'settings.link.dashboard.description',
    icon: LayoutDashboard,
  },
  {
    to: '/chart',
    titleId: 'settings.link.charts',
    descriptionId: 'settings.link.charts.description',
    icon: ChartLine,
    permission: 'reports:read',
  },
  {
    to: '/customer-management',
    titleId: 'settings.link.customers',
    descriptionId: 'settings.link.customers.description',
    icon: UsersRound,
  },
  {
    to: '/coupon-management',
    titleId: 'settings.link.coupons',
    descriptionId: 'settings.link.coupons.description',
    icon: Ticket,
  },
  {
    to: '/ingredient-management',
    titleId: 'settings.link.ingredients',
    descriptionId: 'settings.link.ingredients.description',
    icon: Carrot,
  },
  {
    to: '/stock-transfers',
    permission: 'stock:transfer',
    titleId: 'settings.link.stockTransfers',
    descriptionId: 'settings.link.stockTransfers.description',
    icon: ArrowLeftRight,
  },
  {
    to: '/spin-wheel',
    titleId: 'settings.link.spinWheel',
    descriptionId: 'settings.link.spinWheel.description',
    icon: Disc3,
  },
  {
    to: '/accounts',
    permission: 'accounts:read',
    titleId: 'settings.link.accounts',
    descriptionId: 'settings.link.accounts.description',
    icon: Users,
  },
  {
    to: '/branches',
    permission: 'branches:manage',
    titleId: 'branches.link',
    descriptionId: 'branches.link.description',
    icon: Store,
  },
  {
    to: '/printers',
    permission: 'printers:manage',
    titleId: 'printers.link',
    descriptionId: 'printers.link.description',
    icon: Printer,
  },
  {
    to: '/einvoices',
    permission: 'einvoices:configure',
    titleId: 'einvoices.link',
    descriptionId: 'einvoices.link.description',
    icon: ReceiptText,
  },
  {
    to: '/einvoices/reconciliation',
    permission: 'einvoices:review',
    titleId: 'einvoices.reconciliation.link',
    descriptionId: 'einvoices.reconciliation.link.description',
    icon: Scale,
  },
  {
    to: '/profile',
    titleId: 'settings.link.profile',
    descriptionId: 'settings.link.profile.description',
    icon: UserRound,
  },
];

/**
 * `waiting`: what waits for someone on a page, by its path ("/reservations": guests' booking requests).
 * `offersStockTransfers`: whether there is another branch to send stock to (a one-branch restaurant has no such card).
 */
export function ManagementLinks({
  waiting,
  offersStockTransfers = false,
}: {
  waiting?: Readonly<Record<string, number>>;
  offersStockTransfers?: boolean;
}) {
  const shown = offersStockTransfers ? links : links.filter((link) => link.to !== '/stock-transfers');
  return <LinkCards links={shown} waiting={waiting} />;
}

interface LinkCardsProps {
  links: readonly LinkCard[];
  label?: string;
  /** A count to show on a page's card, by its path; none or 0 shows nothing. */
  waiting?: Readonly<Record<string, number>>;
}

/** Pages as cards with an icon, a title and what they are for. */
export function LinkCards({ links, label, waiting }: LinkCardsProps) {
  const t = useT();
  const canUse = useCanCheck();
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {links
        .filter(({ permission }) => !permission || canUse(permission))
        .map(({ to, titleId, descriptionId, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="card flex h-full items-start gap-3 p-4 transition-colors hover:border-amber-300 hover:bg-amber-50/50"
            >
              <span className="rounded-xl bg-amber-100 p-2 text-amber-800">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                  {t(titleId)}
                  {(waiting?.[to] ?? 0) > 0 && (
                    <span className="rounded-full bg-violet-600 px-2 py-0.5 text-xs font-semibold text-white">
                      {t('settings.link.waiting', { count: waiting?.[to] ?? 0 })}
                    </span>
                  )}
                </span>
                <span className="block text-sm text-stone-600">{t(descriptionId)}</span>
              </span>
            </Link>
          </li>
        ))}
    </ul>
  );
}
