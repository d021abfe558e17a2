import { ComingSoon } from '../../../components/ComingSoon';
import { useAppSelector } from '../../../store/hooks';
import { selectUser } from '../../../store/user-slice';
import { greet } from './greeting';

export function HomePage() {
  const { name } = useAppSelector(selectUser);
  return (
    <ComingSoon
      title={greet(name, new Date())}
      description="Today's summary and quick actions for the floor arrive with the orders issue."
    />
  );
}
