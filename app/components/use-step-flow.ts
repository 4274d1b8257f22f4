import { useCallback, useState } from 'react';
import type { ApiResult } from '../../engine/core/api-client';

/**
 * A flow of steps driven by server calls (registration, password reset): each call either moves to
 * the next step or keeps the current one with the server's message (spec 01: "each failure returns
 * to the matching step with the server message").
 */
export function useStepFlow<Step extends string>(first: Step) {
  const [step, setStep] = useState<Step>(first);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (current: Step, next: Step, call: () => Promise<ApiResult<unknown>>) => {
    setBusy(true);
    setError(null);
    const result = await call();
    setBusy(false);
    if (result.ok) {
      setStep(next);
    } else {
      setStep(current);
      setError(result.error);
    }
  }, []);

  return { step, error, busy, run };
}
