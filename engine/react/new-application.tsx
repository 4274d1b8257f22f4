/**
 * A new application. Its draft is created by the backend (`createDraft`) while the
 * wizard is already on screen: the applicant types at once, and the submit waits for the draft's
 * id. A draft that cannot be created shows its error with Retry above the form, which keeps what
 * was typed.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from './translation';
import type { ApiResult } from '../core/api-client';
import { useBackend } from './backend-context';
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
  const { definition, clientId } = props;
  const backend = useBackend();
  const describe = useFailureMessage();
  // A new Draft per attempt; made in state (not in render's body) so a render twice makes one.
  const [draft, setDraft] = useState(newDraft);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef<Draft | null>(null);

  useEffect(() => {
    // One creation per attempt, even when effects run twice in development.
    if (started.current === draft) return;
    started.current = draft;
    void backend.createDraft(definition.id, clientId).then((result) => {
      if (result.ok) {
        draft.settle(result);
        return;
      }
      // A creation that answered no id fails with the wizard's own message.
      const error = result.error ? describe(result) : t('wizard.draftFailed');
      draft.settle({ ok: false, code: result.code, error });
      setFailure(error);
    });
  }, [backend, definition.id, clientId, draft, t, describe]);

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
