/**
 * The blocks of an application's view that its service's lifecycle declares (`lifecycle.blocks`):
 * each shown while its `when` holds for the application's facts (answered by the form's precompiled
 * validator), with its title, its text (`{{fact}}` filled in) and the download of the document an
 * action filed. The decision the applicant owes (`lifecycle.decision`) follows at its status.
 */
import { Suspense } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ServiceDefinition } from '../core/definition-types';
import { actionDocument, blockText, documentFileName, documentPath } from '../core/lifecycle';
import { answeredFacts } from './answered-facts';
import { lazyNamed } from './lazy-named';
import { Busy } from './status-blocks';
import { useTranslation } from './translation';
import { schemaMatcher, useServiceValidator } from './validator';
import type { ApplicationDetails } from './wizard-types';

// The decision shows authority HTML with the sanitizer it needs (DOMPurify, 11 KB gzip): loaded
// when an application waits for it, not with every view.
const ApprovalConditions = lazyNamed(() => import('./approval-conditions'), 'ApprovalConditions');

export interface StageBlocksProps {
  /** The application's form (translated): its lifecycle and its validator. */
  definition: ServiceDefinition;
  application: ApplicationDetails;
  /** Downloads a document the lifecycle offers (the definition's `download`) under `fileName`. */
  onDownload: (document: string, fileName: string) => void;
  /** The applicant answered the decision: read the application again. */
  onAnswered: () => void;
}

export function StageBlocks({ definition, application, onDownload, onAnswered }: StageBlocksProps) {
  const { t } = useTranslation();
  const { shown } = useServiceValidator(definition);
  const lifecycle = definition.lifecycle;
  if (!lifecycle) return null;
  const facts = answeredFacts(definition, application);
  const matches = shown ? schemaMatcher(shown.validator, definition.formSchema) : null;
  const decision = lifecycle.decision;
  return (
    <>
      {matches
        ? (lifecycle.blocks ?? [])
            .filter((block) => matches(block.when, facts))
            .map((block, index) => {
              const document = block.document ? actionDocument(definition, block.document) : undefined;
              return (
                <Alert
                  key={`${block.title}-${index}`}
                  severity={block.severity}
                  action={
                    document ? (
                      <Button
                        color="inherit"
                        size="small"
                        onClick={() =>
                          onDownload(
                            documentPath(document, application.app_id),
                            documentFileName(document, application.app_id),
                          )
                        }
                      >
                        {document.label}
                      </Button>
                    ) : undefined
                  }
                >
                  <AlertTitle>{block.title}</AlertTitle>
                  {blockText(block, facts)}
                </Alert>
              );
            })
        : null}
      {decision && application.application_status_id === decision.status ? (
        <Suspense fallback={<Busy>{t('widget.loading')}</Busy>}>
          <ApprovalConditions
            applicationId={application.id}
            conditions={typeof facts[decision.text] === 'string' ? (facts[decision.text] as string) : null}
            onAnswered={onAnswered}
          />
        </Suspense>
      ) : null}
    </>
  );
}
