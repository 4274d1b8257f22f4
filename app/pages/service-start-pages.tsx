import { Activity, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ServiceChoiceOffer, ServiceDefinition } from '../../engine/core';
import { useTranslation } from '../../engine/react';
import { PageLoading } from '../components/page-loading';
import { prefetchApplication, ServiceApplicationPage } from './application-page-loader';
import { ServiceInfoPage } from './service-info-page';

/**
 * A service's information page and the wizard of a new application, one pair for the two addresses
 * (info and apply). While the applicant reads the information page, the wizard's code and its forms'
 * validators load and React draws the wizard ahead, hidden (`Activity`), when the page is idle; Apply
 * Now shows it as drawn. A hidden part runs no effects: the wizard creates its draft and reads its
 * lists when shown, as before. Back on the information page the wizard is hidden with what was typed,
 * and comes back with it; after a submission, the next Apply Now starts a new application.
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
  }, [page]);
  const onSubmitted = useCallback(() => {
    submitted.current = true;
  }, []);

  return (
    <>
      <Activity mode={page === 'info' ? 'visible' : 'hidden'}>
        <ServiceInfoPage definition={definition} choice={choice} />
      </Activity>
      {ready || page === 'apply' ? (
        <Activity mode={page === 'apply' ? 'visible' : 'hidden'}>
          <Suspense fallback={<PageLoading />}>
            <ServiceApplicationPage key={round} definition={definition} mode="new" onSubmitted={onSubmitted} />
          </Suspense>
        </Activity>
      ) : null}
    </>
  );
}
