import { useCallback, useEffect } from 'react';
import { Link } from '@mui/material';
import { useTranslation, ServiceWizard, type RenderLink, ServiceValidatorsContext } from '../../engine/react';
import { Link as RouterLink } from 'react-router-dom';
import { type ServiceDefinition, formKey, formsOf } from '../../engine/core';
import { useApi } from '../api-context';
import { getStoredToken, useUser } from '../auth/user-store';
import { serviceValidators } from '../service-validators';
import { useSubmissionRefresh } from '../submissions';

// In-portal links (the success panel's Back) navigate without a reload.
const renderLink: RenderLink = (href, children) => (
  <Link component={RouterLink} to={href}>
    {children}
  </Link>
);

/** Loads the validators of every form of `definition` in `language` (each is fetched once). */
export function loadFormValidators(definition: ServiceDefinition, language: string): Promise<void> {
  return Promise.all(
    formsOf(definition).map((form) => serviceValidators.load(formKey(form), form.formSchema, language)),
  ).then(() => undefined);
}

/**
 * New application (mode 'new') or an existing one (mode 'view', or 'edit' on the service's edit
 * route; the wizard makes it editable when the application is returned) of one service.
 */
export function ServiceApplicationPage({
  definition,
  mode,
  applicationId,
  onSubmitted: tellSubmitted,
}: {
  definition: ServiceDefinition;
  mode: 'new' | 'view' | 'edit';
  applicationId?: number;
  /** Told of a submission, after the portal's own refresh. */
  onSubmitted?: () => void;
}) {
  const api = useApi();
  const user = useUser();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  // The forms' validators are fetched while the draft is created (or the application read), not after.
  useEffect(() => {
    loadFormValidators(definition, language).catch(() => undefined);
  }, [definition, language]);
  // A submission changes the dashboard and may unlock a feature of the portal (Recycled): the
  // answers it changed are read again.
  const refresh = useSubmissionRefresh(user?.id);
  const onSubmitted = useCallback(() => {
    refresh();
    tellSubmitted?.();
  }, [refresh, tellSubmitted]);
  if (!user) return null;
  return (
    <ServiceValidatorsContext.Provider value={serviceValidators}>
      <ServiceWizard
        definition={definition}
        api={api}
        onSubmitted={onSubmitted}
        clientId={user.id}
        getToken={getStoredToken}
        mode={mode}
        applicationId={applicationId}
        renderLink={renderLink}
        dashboardHref="/dashboard"
        saveDrafts
      />
    </ServiceValidatorsContext.Provider>
  );
}
