import { useRef, useState, type KeyboardEvent } from 'react';
import { UtensilsCrossed } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { User } from '@quan/contract/user';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { LoginForm } from '../components/LoginForm';
import { PendingApproval } from '../components/PendingApproval';
import { RegisterForm } from '../components/RegisterForm';
import { BrandIcon } from '../../../components/BrandIcon';

const tabs = [
  { id: 'sign-in', label: 'auth.signIn' },
  { id: 'register', label: 'auth.register' },
] as const;
type TabId = (typeof tabs)[number]['id'];

export function AuthPage() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const activeTab: TabId = searchParams.get('tab') === 'register' ? 'register' : 'sign-in';
  const [pendingUser, setPendingUser] = useState<User | null>(null);
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({ 'sign-in': null, register: null });
  usePageTitle(t(activeTab === 'register' ? 'auth.register' : 'auth.signIn'));

  function selectTab(tab: TabId) {
    setSearchParams(tab === 'register' ? { tab } : {}, { replace: true });
  }

  function handleTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: TabId = activeTab === 'sign-in' ? 'register' : 'sign-in';
    selectTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <main className="grid min-h-dvh bg-stone-50 lg:grid-cols-2">
      <section className="hidden flex-col justify-between bg-gradient-to-br from-amber-700 via-orange-700 to-red-800 p-12 text-amber-50 lg:flex">
        <Link to="/landing" className="flex w-fit items-center gap-2 rounded-lg text-2xl font-bold">
          <UtensilsCrossed aria-hidden="true" className="size-7" />
          {t('auth.brand')}
        </Link>
        <div>
          <p className="text-4xl leading-tight font-bold">{t('auth.brand.tagline')}</p>
          <p className="mt-4 max-w-md text-amber-100">{t('auth.brand.pitch')}</p>
        </div>
        <p className="text-sm text-amber-200">{t('auth.brand.openSource')}</p>
      </section>

      <div className="flex items-center justify-center px-4 py-10">
        <div className="w-full max-w-md">
          <Link to="/landing" className="mb-8 flex w-fit items-center gap-2 rounded-lg text-2xl font-bold lg:hidden">
            <BrandIcon />
            {t('auth.brand')}
          </Link>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{t('auth.heading')}</h1>
          <p className="mt-1 text-sm text-stone-600">{t('auth.intro')}</p>

          <div className="card mt-6 p-6">
            {pendingUser ? (
              <PendingApproval
                user={pendingUser}
                onBackToSignIn={() => {
                  setPendingUser(null);
                  selectTab('sign-in');
                }}
              />
            ) : (
              <>
                <div
                  role="tablist"
                  aria-label={t('auth.tabs')}
                  className="mb-6 grid grid-cols-2 rounded-lg bg-stone-100 p-1"
                >
                  {tabs.map((tab) => {
                    const selected = tab.id === activeTab;
                    return (
                      <button
                        key={tab.id}
                        ref={(element) => {
                          tabRefs.current[tab.id] = element;
                        }}
                        type="button"
                        role="tab"
                        id={`auth-tab-${tab.id}`}
                        aria-selected={selected}
                        aria-controls={`auth-panel-${tab.id}`}
                        tabIndex={selected ? 0 : -1}
                        onClick={() => selectTab(tab.id)}
                        onKeyDown={handleTabKeyDown}
                        className={`rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
                          selected ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900'
                        }`}
                      >
                        {t(tab.label)}
                      </button>
                    );
                  })}
                </div>
                <div role="tabpanel" id={`auth-panel-${activeTab}`} aria-labelledby={`auth-tab-${activeTab}`}>
                  {activeTab === 'sign-in' ? <LoginForm /> : <RegisterForm onPendingApproval={setPendingUser} />}
                </div>
              </>
            )}
          </div>
        </div>
      </div>
    </main>
  );
}
