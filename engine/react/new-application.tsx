/**
 * A new application. Its draft is created on the server (POST client/application/{id}) while the
 * wizard is already on screen: the applicant types at once, and the submit waits for the draft's
 * id. A draft that cannot be created shows its error with Retry above the form, which keeps what
 * was typed.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from './translation';
import type { ApiResult } from '../core/api-client';
import { useFailureMessage } from './failure-message';
import type { FormData } from './form-context';
import { RetryAlert } from './retry-alert';
import type { ServiceWizardProps } from './wizard-types';
import { NO_ATTACHMENTS, WizardFlow } from './wizard-flow';

/** The draft of one attempt: the answer its creation will give. */
interface Draft {
  answer: Promise<ApiResult<number | string>>;
  settle: (answer: ApiResult<number | string>) => void;
}

function newDraft(): Draft {
  let settle: Draft['settle'] = () => undefined;
  const answer = new Promise<ApiResult<number | string>>((resolve) => {
    settle = resolve;
  });
  return { answer, settle };
}

export function NewApplication(props: ServiceWizardProps) {
  const { t } = useTranslation();
  const { api, definition, clientId } = props;
  const describe = useFailureMessage();
  // A new Draft per attempt; made in state (not in render's body) so a render twice makes one.
  const [draft, setDraft] = useState(newDraft);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef<Draft | null>(null);

  useEffect(() => {
    // One creation per attempt, even when effects run twice in development.
    if (started.current === draft) return;
    started.current = draft;
    void api
      .post<{ id: number | string }>(`client/application/${definition.id}`, { client_id: clientId })
      .then((result) => {
        const id = result.ok ? result.data?.id : undefined;
        if (id !== undefined && id !== null) {
          draft.settle({ ok: true, code: result.code, data: id });
          return;
        }
        const error = result.ok ? t('wizard.draftFailed') : describe(result);
        draft.settle({ ok: false, code: result.ok ? 500 : result.code, error });
        setFailure(error);
      });
  }, [api, definition.id, clientId, draft, t, describe]);

  return (
    <>
      {failure ? (
        <RetryAlert
          error={failure}
          onRetry={() => {
            setFailure(null);
            setDraft(newDraft());
          }}
        />
      ) : null}
      <WizardFlow
        {...props}
        applicationId={draft.answer}
        initialData={EMPTY_DATA}
        existing={NO_ATTACHMENTS}
        editing={false}
      />
    </>
  );
}

const EMPTY_DATA: FormData = {};
