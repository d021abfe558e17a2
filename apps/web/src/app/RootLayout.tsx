import { Outlet, useNavigation } from 'react-router';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { useT } from '../lib/i18n';

/** Shows the spinner over the current page while the next page's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  const t = useT();
  return (
    <>
      {navigation.state === 'loading' && <FullScreenSpinner overlay label={t('common.loadingPage')} />}
      <Outlet />
    </>
  );
}
