/** The message of a failure as a person reads it, in the interface language. */
import { useCallback } from 'react';
import { useTranslation } from './translation';
import { failureMessage } from '../core/api-client';

/**
 * Returns `failureMessage` bound to the interface language: the client's own texts (server error,
 * timeout) translated, the server's messages as they are. Every page turns failures into text with it.
 */
export function useFailureMessage(): (failure: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (failure: unknown) => failureMessage(failure, { serverError: t('api.serverError'), timeout: t('api.timeout') }),
    [t],
  );
}
