import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '@portal/session';
import { NotFoundPage as PortalNotFoundPage } from '@portal/ui';
import { useT } from '../../messages';

/** A path no remote owns: the way back is the dashboard, or sign-in when signed out. */
export function NotFoundPage() {
  const t = useT();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const dashboard = useSession((s) => s.dashboard);
  return (
    <PortalNotFoundPage>
      <Button asChild colorPalette="blue">
        <RouterLink to={isLoggedIn ? dashboard : '/login'}>{isLoggedIn ? t('notFound.toDashboard') : t('notFound.toSignIn')}</RouterLink>
      </Button>
    </PortalNotFoundPage>
  );
}
