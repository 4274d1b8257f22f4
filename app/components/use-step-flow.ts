import { useCallback, useState } from 'react';
import type { ApiResult } from '../../engine/core';
import { useFailureMessage } from '../../engine/react';

/**
 * A flow of steps driven by server calls (registration, password reset): each call either moves to
 * the next step or keeps the current one with the server's message (spec 01: "each failure returns
 * to the matching step with the server message"). `restartOn` names answers after which the current
 * step cannot succeed any more (e.g. 403: the confirmation expired): the flow goes back to its first
 * step, with the message.
 */
export function useStepFlow<Step extends string>(first: Step) {
  const [step, setStep] = useState<Step>(first);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const describe = useFailureMessage();

  const run = useCallback(
    async <T>(
      current: Step,
      next: Step,
      call: () => Promise<ApiResult<T>>,
      restartOn: readonly number[] = [],
    ): Promise<ApiResult<T>> => {
      setBusy(true);
      setError(null);
      const result = await call();
      setBusy(false);
      if (result.ok) {
        setStep(next);
      } else {
        setStep(restartOn.includes(result.code) ? first : current);
        setError(describe(result));
      }
      return result;
    },
    [first, describe],
  );

  /** Moves to `step` without a call (back to correct what was typed), clearing the message. */
  const goTo = useCallback((step: Step) => {
    setError(null);
    setStep(step);
  }, []);

  return { step, error, busy, run, goTo };
}
