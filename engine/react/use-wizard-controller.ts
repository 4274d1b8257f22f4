/**
 * The wizard controller of one mounted wizard (engine/core/wizard-controller.ts), made once, with what
 * only the browser knows: the browser's copy of answers a page was left with (left-drafts.ts) and the
 * translated failure messages. It adds no listener to the page: the page being hidden or closed is the
 * host's to hear, through the `PageLeaving` it gives (page-leaving.ts), which the controller joins.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { EngineBackend } from '../core/backend-port';
import {
  createWizardController,
  type WizardController,
  type WizardControllerOptions,
  type WizardSnapshot,
} from '../core/wizard-controller';
import { useFailureMessage } from './failure-message';
import { forgetLeftDraft, keepLeftDraft } from './left-drafts';
import { useJoinPageLeaving } from './page-leaving';
import type { UploadFileOptions, UploadHandle } from './upload-file';

export interface WizardControllerProps extends Omit<
  WizardControllerOptions,
  'describe' | 'keepLeft' | 'forgetLeft' | 'onSubmitted'
> {
  onSubmitted?: () => void;
  /** Replaces the backend's upload (tests). */
  upload?: (options: UploadFileOptions) => UploadHandle;
}

/** The backend with its upload replaced by `upload`, which a signal cancels. */
function withUpload(backend: EngineBackend, upload: WizardControllerProps['upload']): EngineBackend {
  if (!upload) return backend;
  return {
    ...backend,
    upload: (request) => {
      const handle = upload({ backend, ...request });
      request.signal?.addEventListener('abort', () => handle.abort(), { once: true });
      return handle.result;
    },
  };
}

/** Makes the controller on the first render (later changes of the props are not read, but callbacks'). */
export function useWizardController(props: WizardControllerProps): WizardController<File> {
  const describe = useFailureMessage();
  const latest = useRef({ describe, onSubmitted: props.onSubmitted });
  useEffect(() => {
    latest.current = { describe, onSubmitted: props.onSubmitted };
  });
  const [controller] = useState(() =>
    createWizardController<File>({
      ...props,
      backend: withUpload(props.backend, props.upload),
      describe: (failure) => latest.current.describe(failure),
      onSubmitted: () => latest.current.onSubmitted?.(),
      keepLeft: (id, left) => void keepLeftDraft(id, left),
      forgetLeft: forgetLeftDraft,
    }),
  );

  useEffect(() => {
    controller.open();
    // The wizard goes away within the portal: what it has not saved goes now, its submission stops.
    return () => controller.dispose();
  }, [controller]);
  // The page hidden or closed, if the host listens for it (page-leaving.ts).
  useJoinPageLeaving(controller);
  return controller;
}

/** A part of the controller's snapshot; the component re-renders only when that part changes. */
export function useWizardSnapshot<F extends File, T>(
  controller: WizardController<F>,
  select: (snapshot: WizardSnapshot<F>) => T,
): T {
  const read = () => select(controller.getSnapshot());
  return useSyncExternalStore(controller.subscribe, read, read);
}
