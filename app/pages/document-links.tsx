/**
 * The downloads of an application's dashboard row that its service's actions filed
 * (`lifecycle.actions[].document` with `dashboardWhenSet`; spec 02 section 2: audit rows with a ToR
 * approval date show a download icon for the approved ToR). The file is the applicant's own, so it
 * is fetched with the bearer token.
 */
import { useState } from 'react';
import { IconButton } from '@mui/material';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import {
  type LifecycleActionDocument,
  type ServiceDefinition,
  applicationField,
  documentFileName,
  documentPath,
  isFactSet,
  lifecycleActions,
} from '../../engine/core';
import { useTranslation } from '../../engine/react';
import { useApi } from '../api-context';
import type { ApplicationSummary } from '../applications-list';
import { getStoredToken } from '../auth/user-store';
import { downloadWithToken } from '../backend/download';

/** The documents of `definition` a dashboard row of `application` offers: those whose fact is set. */
export function rowDocuments(
  definition: Pick<ServiceDefinition, 'lifecycle'> | undefined,
  application: ApplicationSummary,
): LifecycleActionDocument[] {
  return lifecycleActions(definition).flatMap((action) =>
    action.document?.dashboardWhenSet && isFactSet(applicationField(application, action.document.dashboardWhenSet))
      ? [action.document]
      : [],
  );
}

export function DocumentLinks({
  application,
  definition,
}: {
  application: ApplicationSummary;
  definition: ServiceDefinition | undefined;
}) {
  const appId = application.app_id;
  if (!appId) return null;
  return rowDocuments(definition, application).map((document) => (
    <DocumentLink key={document.description} appId={appId} document={document} />
  ));
}

function DocumentLink({ appId, document }: { appId: string; document: LifecycleActionDocument }) {
  const { t } = useTranslation();
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  const label = error ?? t('dashboard.downloadDocument', { document: document.label, id: appId });
  return (
    // The native title as its tooltip (see the Layout's fullscreen button).
    <IconButton
      size="small"
      sx={{ ml: 1 }}
      color={error ? 'error' : 'primary'}
      aria-label={label}
      title={label}
      onClick={() =>
        void downloadWithToken(
          api.url(documentPath(document, appId)),
          getStoredToken,
          documentFileName(document, appId),
        ).then(setError)
      }
    >
      <DescriptionOutlined fontSize="small" />
    </IconButton>
  );
}
