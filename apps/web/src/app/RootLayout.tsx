import { Outlet, useNavigation } from 'react-router';
import { FullScreenSpinner } from '../components/FullScreenSpinner';

/** Shows the spinner over the current page while the next page's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <FullScreenSpinner overlay label="Loading page" />}
      <Outlet />
    </>
  );
}
