/**
 * The dialog of one staff transition, titled by its label: it asks exactly what the transition takes
 * (a comment to the applicant, its text as HTML, its document as a PDF), shows a summary to confirm
 * (the text drawn as the applicant will see it, sanitised alike), and sends it. The row's
 * `description` is the staff command's help (English, naming its options) and is not shown here:
 * the label and the status it leads to say what it does. A refusal stays in the dialog beside
 * what was typed, each refused field under its input; success closes it and the page reads again.
 */
import { useEffect, useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  Stack,
  Typography,
} from '@mui/material';
import { loadHtmlSanitizer, useTranslation, TextInput } from '../../engine/react';
import { usePhoneLayout } from '../components/use-phone-layout';
import type { ReviewTransition } from './console-types';
import { useStaffApi, type FieldProblem } from './staff-api';
import { transitionLabel } from './transition-labels';

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

interface Typed {
  comment: string;
  text: string;
  file: File | null;
}

export interface TransitionDialogProps {
  applicationId: number;
  transition: ReviewTransition;
  /** The label of the status it leads to, when known. */
  toLabel?: string;
  csrfToken: string;
  onClose: () => void;
  /** Called once the server took it. */
  onDone: () => void;
}

export function TransitionDialog({
  applicationId,
  transition,
  toLabel,
  csrfToken,
  onClose,
  onDone,
}: TransitionDialogProps) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const titleId = useId();
  const phone = usePhoneLayout();
  const fileId = useId();
  const label = transitionLabel(transition);
  const textName = transition.text?.name;
  const [typed, setTyped] = useState<Typed>({ comment: '', text: '', file: null });
  const [step, setStep] = useState<'ask' | 'confirm'>('ask');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const problemOf = (field: string) => problems.find((problem) => problem.field === field)?.message;
  // The text as the applicant will see it: sanitised as the applicant's page sanitises it.
  const [safeText, setSafeText] = useState<string | null>(null);
  useEffect(() => {
    if (step !== 'confirm' || !textName) return;
    let live = true;
    setSafeText(null);
    void loadHtmlSanitizer().then((sanitize) => live && setSafeText(sanitize(typed.text)));
    return () => {
      live = false;
    };
  }, [step, textName, typed.text]);

  /** What the form lacks before the summary: the text when required, the document, a PDF. */
  const missing = (): FieldProblem[] => {
    const found: FieldProblem[] = [];
    if (textName && transition.text?.required !== false && !typed.text.trim())
      found.push({
        field: textName,
        message: transition.text?.requiredMessage ?? t('console.transition.textRequired'),
      });
    if (transition.document && !typed.file)
      found.push({ field: 'file', message: t('console.transition.fileRequired') });
    else if (transition.document && typed.file && !isPdf(typed.file))
      found.push({ field: 'file', message: transition.document.notPdfMessage ?? t('console.transition.notPdf') });
    return found;
  };

  const toSummary = () => {
    const found = missing();
    setProblems(found);
    setError(null);
    if (found.length === 0) setStep('confirm');
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    const fields: Record<string, string> = {};
    if (typed.comment.trim()) fields.comment = typed.comment.trim();
    if (textName && typed.text.trim()) fields[textName] = typed.text;
    let body: unknown = fields;
    if (transition.document && typed.file) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', typed.file);
      body = form;
    }
    const answer = await api.post(
      `staff/applications/${applicationId}/${encodeURIComponent(transition.name)}`,
      body,
      csrfToken,
    );
    setBusy(false);
    if (answer.ok) {
      onDone();
      return;
    }
    setError(answer.error);
    setProblems(answer.fields);
    // A refused field is corrected in the form, where it is shown under its input.
    if (answer.fields.length > 0) setStep('ask');
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{label}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {toLabel ? (
            <Typography variant="body2">{t('console.transition.leadsTo', { status: toLabel })}</Typography>
          ) : null}
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          {step === 'ask' ? (
            <>
              <TextInput
                label={t('console.transition.comment')}
                helperText={problemOf('comment') ?? t('console.transition.commentHelp')}
                error={Boolean(problemOf('comment'))}
                multiline
                minRows={2}
                value={typed.comment}
                onChange={(event) => setTyped({ ...typed, comment: event.target.value })}
              />
              {textName ? (
                <TextInput
                  label={t('console.transition.text', { name: textName })}
                  helperText={problemOf(textName) ?? t('console.transition.textHelp')}
                  error={Boolean(problemOf(textName))}
                  required={transition.text?.required !== false}
                  multiline
                  minRows={4}
                  value={typed.text}
                  onChange={(event) => setTyped({ ...typed, text: event.target.value })}
                />
              ) : null}
              {transition.document ? (
                <Box>
                  <Typography component="label" htmlFor={fileId} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
                    {t('console.transition.document', { name: transition.document.description })}
                  </Typography>
                  <input
                    id={fileId}
                    type="file"
                    accept="application/pdf,.pdf"
                    aria-invalid={Boolean(problemOf('file'))}
                    aria-describedby={`${fileId}-help`}
                    onChange={(event) => setTyped({ ...typed, file: event.target.files?.[0] ?? null })}
                  />
                  <FormHelperText id={`${fileId}-help`} error={Boolean(problemOf('file'))}>
                    {problemOf('file') ?? (typed.file ? typed.file.name : t('console.transition.fileHelp'))}
                  </FormHelperText>
                </Box>
              ) : null}
            </>
          ) : (
            <Box component="section" aria-label={t('console.transition.summary')}>
              <Typography variant="subtitle1" component="h3" gutterBottom>
                {t('console.transition.summary')}
              </Typography>
              <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, mt: 1 }, '& dd': { ml: 0 } }}>
                <dt>{t('console.transition.comment')}</dt>
                <dd>{typed.comment.trim() || t('console.transition.noComment')}</dd>
                {textName ? (
                  <>
                    <dt>{t('console.transition.text', { name: textName })}</dt>
                    <dd>
                      {safeText === null ? (
                        <Typography variant="body2">{t('common.loading')}</Typography>
                      ) : (
                        <Box data-testid="transition-text-preview" dangerouslySetInnerHTML={{ __html: safeText }} />
                      )}
                    </dd>
                  </>
                ) : null}
                {transition.document ? (
                  <>
                    <dt>{t('console.transition.document', { name: transition.document.description })}</dt>
                    <dd>{typed.file?.name}</dd>
                  </>
                ) : null}
              </Box>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('console.transition.cancel')}
        </Button>
        {step === 'ask' ? (
          <Button variant="contained" onClick={toSummary}>
            {t('console.transition.next')}
          </Button>
        ) : (
          <>
            <Button onClick={() => setStep('ask')} disabled={busy}>
              {t('console.transition.back')}
            </Button>
            <Button variant="contained" onClick={() => void send()} disabled={busy}>
              {t('console.transition.confirm', { action: label })}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
