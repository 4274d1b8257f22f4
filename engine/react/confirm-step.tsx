/**
 * Step 3 of the wizard: the summary of the form (its sections under their titles, rows as tables), the chosen files and their upload progress, and the
 * files a continued draft holds already. Which
 * conditional fields the summary shows is answered by the form's own validator (precompiled in the
 * portal), like RJSF did on step 1.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from './translation';
import type { ServiceDefinition } from '../core/definition-types';
import { confirmSummaryEntries } from '../core/confirm-summary';
import type { SummaryEntry } from '../core/answer-summary';
import { AnswerSummary } from './answer-summary';
import type { FormData } from './form-context';
import { Busy } from './status-blocks';
import { RetryAlert } from './retry-alert';
import { formatSize, type Slot } from './documents-step';
import { schemaMatcher, useServiceValidator } from './validator';
import type { ApplicationAttachment } from './wizard-types';

interface ConfirmStepProps {
  definition: ServiceDefinition;
  formData: FormData;
  optionNames: Record<string, Record<string, string>>;
  slots: Slot[];
  files: Record<string, File>;
  /** Files the application holds already (a continued draft's), listed for the documents they are of. */
  kept?: readonly ApplicationAttachment[];
  progress: Record<string, number>;
  working: boolean;
  /** The form chosen, for a service with several (e.g. Convention: Basel), shown first. */
  choice?: { label: string; value: string };
}

export function ConfirmStep(props: ConfirmStepProps) {
  const { definition, formData, optionNames, slots, files, progress, working, choice, kept = NONE_KEPT } = props;
  const { t } = useTranslation();
  const { shown, error, retry } = useServiceValidator(definition);
  const shownDefinition = shown?.definition;
  const validator = shown?.validator;
  const summary = useMemo(
    (): SummaryEntry[] | undefined =>
      shownDefinition && validator
        ? [
            ...(choice ? [{ kind: 'answer' as const, field: '', ...choice }] : []),
            ...confirmSummaryEntries(shownDefinition, formData, {
              matches: schemaMatcher(validator, shownDefinition.formSchema),
              lookupNames: optionNames,
              texts: {
                yes: t('widget.yes'),
                no: t('widget.no'),
                selected: (count) => t('wizard.selectedCount', { count }),
              },
            }),
          ]
        : undefined,
    [shownDefinition, validator, formData, optionNames, t, choice],
  );
  // A file chosen now replaces the one the draft held for its document.
  const keptOf = (slot: Slot) => (files[slot.name] ? [] : kept.filter((item) => item.description === slot.name));
  const chosen = slots.filter((slot) => files[slot.name] || keptOf(slot).length > 0);
  return (
    <Stack spacing={3}>
      {error ? <RetryAlert error={error} onRetry={retry} /> : null}
      {summary ? (
        <AnswerSummary label={t('wizard.summary')} entries={summary} />
      ) : error ? null : (
        <Busy compact>{t('widget.loading')}</Busy>
      )}
      <Box>
        <Typography variant="subtitle1" component="h3">
          {t('wizard.chosenFiles')}
        </Typography>
        {chosen.length === 0 ? (
          <Typography variant="body2">{t('wizard.noFilesChosen')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {chosen.map((slot) => {
              const file = files[slot.name];
              const percent = progress[slot.name];
              if (!file)
                return (
                  <li key={slot.name}>
                    <Typography variant="body2">
                      {t('wizard.keptFile', {
                        document: slot.label ?? slot.name,
                        names: keptOf(slot)
                          .map((item) => item.name ?? item.path)
                          .join(', '),
                      })}
                    </Typography>
                  </li>
                );
              return (
                <li key={slot.name}>
                  <Typography variant="body2">
                    {slot.label ?? slot.name}: {file?.name} ({formatSize(file?.size ?? 0)})
                  </Typography>
                  {working || percent !== undefined ? (
                    <LinearProgress
                      variant="determinate"
                      value={percent ?? 0}
                      aria-label={t('wizard.uploadProgress', { name: slot.label ?? slot.name })}
                      sx={{ mt: 0.5 }}
                    />
                  ) : null}
                </li>
              );
            })}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

const NONE_KEPT: readonly ApplicationAttachment[] = [];
