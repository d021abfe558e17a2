import { Armchair, BookOpen, ClipboardList, Ellipsis, House, LayoutDashboard, LogOut } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { Permission } from '@quan/contract/permissions';
import type { Role } from '@quan/contract/user';
import { useT } from '../lib/i18n';
import { useSocket } from '../lib/socket-context';
import { useCanCheck } from '../lib/use-can';
import { Avatar } from './Avatar';
import { BrandIcon } from './BrandIcon';

/** The product's name, the same in every language. */
const brand = 'Quán';

/** The main pages, each with the permission it is for: a person sees only what they can use. */
const navItems: { to: string; label: string; icon: LucideIcon; permission: Permission }[] = [
  { to: '/', label: 'nav.home', icon: House, permission: 'account:own' },
  { to: '/orders', label: 'nav.orders', icon: ClipboardList, permission: 'orders:read' },
  { to: '/tables', label: 'nav.tables', icon: Armchair, permission: 'tables:read' },
  { to: '/menu', label: 'nav.menu', icon: BookOpen, permission: 'orders:place' },
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard, permission: 'reports:read' },
  { to: '/more', label: 'nav.more', icon: Ellipsis, permission: 'account:own' },
];

const roleLabels: Record<Role, string> = { admin: 'role.admin', manager: 'role.manager', staff: 'role.staff' };

interface HeaderProps {
  user: { name: string; role: Role | ''; avatar: string };
  /** Shown beside the live dot: what this device keeps to send (the app passes the outbox's button). */
  deviceStatus?: ReactNode;
  /** The branch this session works in, to switch (the app passes the switcher, empty with one branch). */
  branchSwitcher?: ReactNode;
  onSignOut: () => void;
  isSigningOut?: boolean;
}

function ConnectionDot() {
  const { isConnected } = useSocket();
  const t = useT();
  const label = isConnected ? t('header.live.connected') : t('header.live.offline');
  return (
    <span role="img" aria-label={label} title={label} className="flex items-center gap-1.5 text-xs text-stone-600">
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${isConnected ? 'bg-green-600 ring-4 ring-green-600/15' : 'bg-stone-400'}`}
      />
      <span aria-hidden="true" className="hidden xl:inline">
        {isConnected ? t('header.live.short') : t('header.offline.short')}
      </span>
    </span>
  );
}

/**
 * The staff header. On phones and tablets held upright (under 1024 px) the navigation becomes a bar fixed at
 * the bottom of the screen, within thumb reach, so the header keeps room for the person and Sign out; it is the same element at every width so each link exists once. (No
 * backdrop-filter on the header: it would make the header, not the screen, the bar's frame.)
 */
export function Header({ user, deviceStatus, branchSwitcher, onSignOut, isSigningOut = false }: HeaderProps) {
  const t = useT();
  const canUse = useCanCheck();
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 rounded-lg text-xl font-bold text-stone-900">
          <BrandIcon />
          {brand}
        </Link>

        <nav
          aria-label={t('nav.label')}
          className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] lg:static lg:ml-6 lg:border-0 lg:bg-transparent lg:pb-0"
        >
          <ul className="grid auto-cols-fr grid-flow-col lg:flex lg:gap-1">
            {navItems
              .filter(({ permission }) => canUse(permission))
              .map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={to === '/'}
                    className={({ isActive }) =>
                      // A 1024 px tablet has room for a manager's six words, not for their icons too: the icons come back
                      // on wider screens (and stay on the phone's bottom bar).
                      `flex flex-col items-center gap-0.5 px-1 py-2 text-[11px] font-medium whitespace-nowrap lg:flex-row lg:gap-2 lg:rounded-lg lg:px-2.5 lg:text-sm xl:px-3 ${
                        isActive
                          ? 'text-amber-800 lg:bg-amber-50'
                          : 'text-stone-600 hover:text-stone-900 lg:hover:bg-stone-100'
                      }`
                    }
                  >
                    <Icon aria-hidden="true" className="size-5 lg:hidden xl:block xl:size-4" />
                    {t(label)}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>

        {/* In a chain the branch takes the room the person's own name had below xl: the avatar stays, and the name
            stays for screen readers (`data-branch` marks the switcher or label). */}
        <div className="group/account ml-auto flex min-w-0 items-center gap-3">
          {branchSwitcher}
          {deviceStatus}
          <ConnectionDot />
          <Link to="/profile" className="flex min-w-0 items-center gap-2 rounded-lg">
            <Avatar name={user.name} src={user.avatar} size="sm" decorative />
            <span className="flex min-w-0 flex-col leading-tight group-has-[[data-branch]]/account:max-xl:sr-only">
              <span className="max-w-28 truncate text-sm font-semibold text-stone-900 sm:max-w-48">{user.name}</span>
              {user.role && <span className="text-xs text-stone-600">{t(roleLabels[user.role])}</span>}
            </span>
          </Link>
          <button type="button" onClick={onSignOut} disabled={isSigningOut} className="btn btn-secondary btn-sm">
            <LogOut aria-hidden="true" className="size-4" />
            <span className="sr-only xl:not-sr-only">{t('header.signOut')}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
