/**
 * The engine's backend (engine/core/backend-port.ts) as the host provides it: the portal its HTTP
 * backend, tests an in-memory one. The wizard, the application view and the tasks reach the server
 * only through it.
 */
import { createContext, useContext } from 'react';
import type { EngineBackend } from '../core/backend-port';

export const BackendContext = createContext<EngineBackend | null>(null);

/** The backend of the nearest `BackendContext`; throws when there is none (a wiring mistake). */
export function useBackend(): EngineBackend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('BackendContext is missing: wrap the page in <BackendContext.Provider>.');
  return backend;
}

/** The backend of the nearest `BackendContext`, if any (a form shown outside the wizard has none). */
export function useOptionalBackend(): EngineBackend | null {
  return useContext(BackendContext);
}
