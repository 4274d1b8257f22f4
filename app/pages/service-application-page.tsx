import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ServiceWizard, type RenderLink } from '../../engine/react/service-wizard';
import type { ServiceDefinition } from '../../engine/core/definition-types';
import { useApi } from '../api-context';
import { getStoredToken, useUser } from '../auth/user-store';

// In-portal links (the success panel's Back) navigate without a reload.
const renderLink: RenderLink = (href, children) => (
  <Link component={RouterLink} to={href}>
    {children}
  </Link>
);

/**
 * New application (mode 'new') or an existing one (mode 'view'; the wizard makes it editable when
 * the application is returned) of one service.
 */
export function ServiceApplicationPage({
  definition,
  mode,
  applicationId,
}: {
  definition: ServiceDefinition;
  mode: 'new' | 'view';
  applicationId?: number;
}) {
  const api = useApi();
  const user = useUser();
  if (!user) return null;
  return (
    <ServiceWizard
      definition={definition}
      api={api}
      clientId={user.id}
      getToken={getStoredToken}
      mode={mode}
      applicationId={applicationId}
      renderLink={renderLink}
      dashboardHref="/dashboard"
    />
  );
}
