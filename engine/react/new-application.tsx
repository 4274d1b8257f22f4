/** A new application: the draft is created on the server first, then the wizard runs. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureMessage } from './failure-message';
import type { FormData } from './form-context';
import { Busy, RetryAlert } from './status-blocks';
import type { ServiceWizardProps } from './wizard-types';
import { NO_ATTACHMENTS, WizardFlow } from './wizard-flow';

export function NewApplication(props: ServiceWizardProps) {
  const { t } = useTranslation();
  const { api, definition, clientId } = props;
  const describe = useFailureMessage();
  const [draft, setDraft] = useState<
    { status: 'creating' } | { status: 'ready'; id: number | string } | { status: 'failed'; error: string }
  >({
    status: 'creating',
  });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // One draft per attempt, even when effects run twice in development.
    if (started.current === attempt) return;
    started.current = attempt;
    setDraft({ status: 'creating' });
    void api
      .post<{ id: number | string }>(`client/application/${definition.id}`, { client_id: clientId })
      .then((result) => {
        if (result.ok && result.data && result.data.id !== undefined) setDraft({ status: 'ready', id: result.data.id });
        else setDraft({ status: 'failed', error: result.ok ? t('wizard.draftFailed') : describe(result) });
      });
  }, [api, definition.id, clientId, attempt, t, describe]);

  if (draft.status === 'creating') {
    return <Busy>{t('wizard.creatingDraft')}</Busy>;
  }
  if (draft.status === 'failed') {
    return <RetryAlert error={draft.error} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return (
    <WizardFlow
      {...props}
      applicationId={draft.id}
      initialData={EMPTY_DATA}
      existing={NO_ATTACHMENTS}
      editing={false}
    />
  );
}

const EMPTY_DATA: FormData = {};
