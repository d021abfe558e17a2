import { useT } from '../../../lib/i18n';
import { RoleNotice } from '../../../components/RoleNotice';

/** What staff see where the revenue figures would be: the server refuses them (403) anyway. */
export function FiguresManagersOnly() {
  const t = useT();
  return (
    <RoleNotice title={t('dashboard.figuresManagersOnly')}>
      <p>{t('dashboard.figuresManagersOnly.body')}</p>
    </RoleNotice>
  );
}
