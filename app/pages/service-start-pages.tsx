import { Activity, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { ServiceChoiceOffer, ServiceDefinition } from '../../engine/core';
import { lazyNamed, useTranslation, type ResumePoint } from '../../engine/react';
import { PageLoading } from '../components/page-loading';
import { prefetchApplication, ServiceApplicationPage } from './application-page-loader';
import { draftOfAddress, draftPath, stepOfAddress } from './draft-address';

/**
 * The information page, loaded apart from the wizard: an apply address draws the wizard first and
 * the information page (its tabs, the documents' list, the drafts offered) only hidden behind it, so
 * its code is not among what the wizard waits for. The information address loads it ahead
 * (`preloadServiceRoute`), so that page draws, or hydrates, at once.
 */
export const ServiceInfoPage = lazyNamed(() => import('./service-info-page'), 'ServiceInfoPage');

/**
 * A service's information page and the wizard of a new application, one pair for the two addresses
 * (info and apply). While the applicant reads the information page, the wizard's code and its forms'
 * validators load and React draws the wizard ahead, hidden (`Activity`), when the page is idle; Apply
 * Now shows it as drawn. A hidden part runs no effects: the wizard creates its draft and reads its
 * lists when shown, as before. Back on the information page the wizard is hidden with what was typed,
 * and comes back with it; after a submission, the next Apply Now starts a new application.
 *
 * Once its draft exists, the wizard's address names it (`?application_id=`, draft-address.ts). An
 * apply address naming another draft than the one this wizard created (a reload, Back from another
 * page) continues that draft on the service's view route, at the step the address names.
 */
export function ServiceStartPages({
  definition,
  choice,
  page,
}: {
  definition: ServiceDefinition;
  /** The choice between sibling services the information page offers (`info.choice`). */
  choice?: ServiceChoiceOffer | undefined;
  page: 'info' | 'apply';
}) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  // Drawn ahead once its code and validators are here; at once when the address is the wizard's.
  const [ready, setReady] = useState(false);
  const [round, setRound] = useState(0);
  const submitted = useRef(false);
  const { search } = useLocation();
  // The draft this page's wizard created and wrote into the address.
  const [own, setOwn] = useState<string>();
  const onResumePoint = useCallback((point: ResumePoint) => setOwn(String(point.applicationId)), []);

  useEffect(() => {
    let live = true;
    void prefetchApplication(definition, language).then((loaded) => live && loaded && setReady(true));
    return () => {
      live = false;
    };
  }, [definition, language]);

  useEffect(() => {
    if (page === 'apply' || !submitted.current) return;
    submitted.current = false;
    setRound((n) => n + 1);
    setOwn(undefined);
  }, [page]);
  const onSubmitted = useCallback(() => {
    submitted.current = true;
  }, []);

  const addressed = page === 'apply' ? draftOfAddress(search) : undefined;
  if (addressed !== undefined && String(addressed) !== own)
    return <Navigate to={draftPath(definition.routes.view, addressed, stepOfAddress(search))} replace />;

  return (
    <>
      <Activity mode={page === 'info' ? 'visible' : 'hidden'}>
        {/* Hidden behind the wizard, its code loads after the wizard's without a spinner. */}
        <Suspense fallback={page === 'info' ? <PageLoading /> : null}>
          <ServiceInfoPage definition={definition} choice={choice} />
        </Suspense>
      </Activity>
      {ready || page === 'apply' ? (
        <Activity mode={page === 'apply' ? 'visible' : 'hidden'}>
          <Suspense fallback={<PageLoading />}>
            <ServiceApplicationPage
              key={round}
              definition={definition}
              mode="new"
              onSubmitted={onSubmitted}
              onResumePoint={onResumePoint}
            />
          </Suspense>
        </Activity>
      ) : null}
    </>
  );
}
