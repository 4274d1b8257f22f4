import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@mui/material';
import {
  useTranslation,
  PageLeavingContext,
  QuietTypingArea,
  ServiceWizard,
  type RenderLink,
  type ResumePoint,
  ServiceValidatorsContext,
} from '../../engine/react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { type ServiceDefinition, formKey, formsOf } from '../../engine/core';
import { useUser } from '../auth/user-store';
import { serviceValidators } from '../service-validators';
import { quietTypingOn } from '../quiet-typing-setting';
import { useSubmissionRefresh } from '../submissions';
import { applySearch, stepOfAddress } from './draft-address';
import { useLeaveGuard } from './use-leave-guard';

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
  onResumePoint: tellResumePoint,
}: {
  definition: ServiceDefinition;
  mode: 'new' | 'view' | 'edit';
  applicationId?: number;
  /** Told of a submission, after the portal's own refresh. */
  onSubmitted?: () => void;
  /** Told where the applicant is in the draft, before the address says it. */
  onResumePoint?: (point: ResumePoint) => void;
}) {
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
  // The draft and its step go into the address (see draft-address.ts), replacing it.
  const location = useLocation();
  const navigate = useNavigate();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  });
  const onResumePoint = useCallback(
    (point: ResumePoint) => {
      tellResumePoint?.(point);
      const { pathname, search, hash } = here.current;
      const query = new URLSearchParams(search);
      // A new application's draft on the apply route; a continued one on its own route, by `appId`.
      if (mode === 'new') {
        const wanted = applySearch(point.applicationId, point.step);
        if (wanted !== search) void navigate({ pathname, search: wanted, hash }, { replace: true });
        return;
      }
      query.set('appId', String(point.applicationId));
      if (point.step === 'details') query.delete('step');
      else query.set('step', point.step);
      const wanted = `?${query.toString()}`;
      if (wanted !== search) void navigate({ pathname, search: wanted, hash }, { replace: true });
    },
    [mode, navigate, tellResumePoint],
  );
  // Read when a continued draft opens: the step it was left at.
  const resumeStep = stepOfAddress(location.search);
  // The form's area types quietly unless the setting turns it off (quiet-typing-setting.ts); read
  // once, so the area does not change under a form being filled.
  const [quiet] = useState(quietTypingOn);
  // The page hidden or left saves the draft, and closing it while a draft's file is on its way asks
  // first (use-leave-guard.ts): the portal's listeners, not the engine's.
  const leaving = useLeaveGuard();
  if (!user) return null;
  return (
    <ServiceValidatorsContext.Provider value={serviceValidators}>
      <PageLeavingContext.Provider value={leaving}>
        <QuietTypingArea on={quiet}>
          <ServiceWizard
            definition={definition}
            onSubmitted={onSubmitted}
            clientId={user.id}
            mode={mode}
            applicationId={applicationId}
            renderLink={renderLink}
            dashboardHref="/dashboard"
            saveDrafts
            onResumePoint={onResumePoint}
            {...(resumeStep ? { resumeStep } : {})}
          />
        </QuietTypingArea>
      </PageLeavingContext.Provider>
    </ServiceValidatorsContext.Provider>
  );
}
