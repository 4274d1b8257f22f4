/** Step 2 of the wizard: one file input per upload slot, mandatory ones marked, wrong types refused. */
import { memo, type ChangeEvent } from 'react';
import { visuallyHidden } from '@mui/utils';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from './translation';
import { acceptAttribute } from '../core/file-kinds';
import type { DocumentTemplate } from '../core/definition-types';
import type { ServiceAttachment } from '../core/api-types';
import type { UploadSlot } from '../core/required-documents';
import { Busy } from './status-blocks';
import { RetryAlert } from './retry-alert';
import type { ApplicationAttachment } from './wizard-types';

/** The service's attachment list (the backend's `sources.serviceAttachments`) as it loads. */
export type AttachmentsState =
  { status: 'loading' } | { status: 'ready'; items: ServiceAttachment[] } | { status: 'failed'; error: string };

/** Slots of the documents step (service attachments and extra uploads). */
export type Slot = UploadSlot;

/** A file size as people read it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export { chosenFile } from './chosen-file';

export interface DocumentsStepProps {
  attachments: AttachmentsState;
  onRetry: () => void;
  slots: Slot[];
  files: Record<string, File>;
  missing: string[];
  refused: Record<string, string>;
  existing: readonly ApplicationAttachment[];
  editing: boolean;
  onChoose: (slot: Slot, event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (slot: string) => void;
  /** Blank documents to download, fill and upload (e.g. a notification to sign). */
  templates?: DocumentTemplate[];
  /** The download address of a template file. */
  templateUrl?: (file: string) => string;
  /**
   * Upload progress per slot (0..100) of files sent to the draft as they are chosen; given, the files
   * of `existing` are the draft's and can be removed.
   */
  progress?: Record<string, number>;
  /**
   * The slots whose file the server confirmed it keeps (a sent body is not a kept file: "Saved in your
   * draft." waits for the answer).
   */
  confirmed?: readonly string[];
  /** Slot -> why the draft does not hold what was chosen or removed for it. */
  problems?: Readonly<Record<string, { kind: 'upload' | 'removal'; error: string }>>;
  /** Tries again what failed for a slot. */
  onRetryFile?: (slot: string) => void;
}

/** The templates of the step, as download links. */
function TemplateLinks({ templates, url }: { templates: DocumentTemplate[]; url: (file: string) => string }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="document-templates-title">
      <Typography id="document-templates-title" component="h3" variant="subtitle1">
        {t('wizard.templates')}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {templates.map((template) => (
          <li key={template.file}>
            <Link href={url(template.file)} download={template.file} target="_blank" rel="noopener">
              {template.label}
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

export const DocumentsStep = memo(function DocumentsStep(props: DocumentsStepProps) {
  const { t } = useTranslation();
  const { attachments, onRetry, slots, files, missing, refused, existing, editing, onChoose, onRemove } = props;
  const { progress, problems, onRetryFile } = props;
  // Files go to the draft as they are chosen: its own files may be removed like a chosen one.
  const keptInDraft = progress !== undefined;
  const templates =
    props.templates && props.templates.length > 0 && props.templateUrl ? (
      <TemplateLinks templates={props.templates} url={props.templateUrl} />
    ) : null;
  if (attachments.status === 'loading') {
    return <Busy compact>{t('wizard.loadingDocuments')}</Busy>;
  }
  if (attachments.status === 'failed') {
    return <RetryAlert error={attachments.error} onRetry={onRetry} />;
  }
  if (slots.length === 0)
    return (
      <Stack spacing={2}>
        {templates}
        <Typography>{t('wizard.noDocuments')}</Typography>
      </Stack>
    );
  return (
    <Stack spacing={2}>
      {templates}
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {slots.map((slot, index) => {
          const file = files[slot.name];
          const inputId = `upload-slot-${index}`;
          const messageId = `${inputId}-message`;
          const isMissing = missing.includes(slot.name);
          const already = existing.filter((item) => item.description === slot.name);
          return (
            <Box
              component="li"
              key={slot.name}
              sx={{ border: 1, borderColor: isMissing ? 'error.main' : 'divider', borderRadius: 1, p: 2 }}
            >
              <Typography component="h3" variant="subtitle1">
                {slot.label ?? slot.name}
                {slot.required ? <span aria-hidden> *</span> : null}
                {slot.required ? (
                  <span className="visually-hidden" style={visuallyHidden}>{` (${t('wizard.mandatory')})`}</span>
                ) : null}
              </Typography>
              {slot.description ? <Typography variant="body2">{slot.description}</Typography> : null}
              {slot.info ? (
                <Typography variant="body2" color="text.secondary">
                  {slot.info}
                </Typography>
              ) : null}
              {already.length > 0 ? (
                <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
                  <Typography variant="body2">
                    {t('wizard.alreadyUploaded', { names: already.map((item) => item.name ?? item.path).join(', ') })}
                  </Typography>
                  {keptInDraft && !file ? (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onRemove(slot.name)}
                      aria-label={t('wizard.removeFileOf', { name: slot.label ?? slot.name })}
                    >
                      {t('wizard.removeFile')}
                    </Button>
                  ) : null}
                </Stack>
              ) : null}
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
                <Button variant="outlined" component="label" htmlFor={inputId}>
                  {file ? t('wizard.replaceFile') : t('wizard.chooseFile')}
                  <input
                    id={inputId}
                    type="file"
                    hidden
                    accept={acceptAttribute(slot.accept)}
                    aria-label={t('wizard.chooseFileFor', { name: slot.label ?? slot.name })}
                    aria-describedby={isMissing || refused[slot.name] ? messageId : undefined}
                    onChange={(event) => onChoose(slot, event)}
                  />
                </Button>
                {file ? (
                  <>
                    <Typography variant="body2">
                      {file.name} ({formatSize(file.size)})
                    </Typography>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onRemove(slot.name)}
                      aria-label={editing ? undefined : t('wizard.removeFileOf', { name: slot.label ?? slot.name })}
                    >
                      {editing ? t('wizard.cancelUpload') : t('wizard.removeFile')}
                    </Button>
                  </>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('wizard.noFileChosen')}
                  </Typography>
                )}
              </Stack>
              {file && progress?.[slot.name] !== undefined ? (
                <UploadState
                  name={slot.label ?? slot.name}
                  percent={progress[slot.name] ?? 0}
                  confirmed={props.confirmed?.includes(slot.name) ?? false}
                  failed={problems?.[slot.name]?.kind === 'upload'}
                />
              ) : null}
              {problems?.[slot.name] ? (
                <Stack direction="row" spacing={2} role="alert" sx={{ mt: 1, alignItems: 'center' }}>
                  <Typography color="error" variant="body2">
                    {t(problems[slot.name]?.kind === 'upload' ? 'wizard.fileNotKept' : 'wizard.fileNotRemoved', {
                      error: problems[slot.name]?.error,
                    })}
                  </Typography>
                  {onRetryFile ? (
                    <Button size="small" onClick={() => onRetryFile(slot.name)}>
                      {t('wizard.retryFile')}
                    </Button>
                  ) : null}
                </Stack>
              ) : null}
              {refused[slot.name] ? (
                <Typography id={messageId} color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
                  {t('wizard.fileTypeRefused', { name: refused[slot.name] })}
                </Typography>
              ) : isMissing ? (
                <Typography id={messageId} color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
                  {slot.requiredMessage ?? t('wizard.uploadRequired', { name: slot.label ?? slot.name })}
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
});

/**
 * The way of a file to the draft: a bar while it goes, a moving bar while the server stores it, a line
 * once the server said it keeps it.
 */
function UploadState(props: { name: string; percent: number; confirmed: boolean; failed: boolean }) {
  const { name, percent, confirmed, failed } = props;
  const { t } = useTranslation();
  if (failed) return null;
  if (confirmed)
    return (
      <Typography variant="body2" color="success.main" role="status" sx={{ mt: 1 }}>
        {t('wizard.fileKept')}
      </Typography>
    );
  return (
    <LinearProgress
      variant={percent >= 100 ? 'indeterminate' : 'determinate'}
      value={percent}
      aria-label={t('wizard.uploadProgress', { name })}
      sx={{ mt: 1 }}
    />
  );
}
