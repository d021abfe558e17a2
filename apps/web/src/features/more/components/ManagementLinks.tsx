import {
  BookOpen,
  Carrot,
  ChartLine,
  ClipboardList,
  Disc3,
  LayoutDashboard,
  Armchair,
  Ticket,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

export interface LinkCard {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

const links: LinkCard[] = [
  { to: '/orders', title: 'Orders', description: 'Take, follow and close orders.', icon: ClipboardList },
  { to: '/tables', title: 'Tables', description: 'Seats, bookings and QR codes.', icon: Armchair },
  { to: '/menu', title: 'Menu', description: 'Categories, dishes and prices.', icon: BookOpen },
  { to: '/dashboard', title: 'Dashboard', description: "Today's revenue and best sellers.", icon: LayoutDashboard },
  { to: '/chart', title: 'Charts', description: 'Revenue by day, hour and category.', icon: ChartLine },
  {
    to: '/customer-management',
    title: 'Customers',
    description: 'Guests, loyalty points and levels.',
    icon: UsersRound,
  },
  { to: '/coupon-management', title: 'Coupons', description: 'Discount codes and their use.', icon: Ticket },
  { to: '/ingredient-management', title: 'Ingredients', description: 'Stock levels and restocking.', icon: Carrot },
  { to: '/spin-wheel', title: 'Spin wheel', description: 'A lucky draw for loyal guests.', icon: Disc3 },
  { to: '/accounts', title: 'Accounts', description: 'Staff access, approvals and roles.', icon: Users },
  { to: '/profile', title: 'Profile', description: 'Your details and password.', icon: UserRound },
];

export function ManagementLinks() {
  return <LinkCards links={links} />;
}

/** Pages as cards with an icon, a title and what they are for. */
export function LinkCards({ links, label }: { links: readonly LinkCard[]; label?: string }) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {links.map(({ to, title, description, icon: Icon }) => (
        <li key={to}>
          <Link
            to={to}
            className="card flex h-full items-start gap-3 p-4 transition-colors hover:border-amber-300 hover:bg-amber-50/50"
          >
            <span className="rounded-xl bg-amber-100 p-2 text-amber-800">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block font-semibold text-stone-900">{title}</span>
              <span className="block text-sm text-stone-600">{description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
