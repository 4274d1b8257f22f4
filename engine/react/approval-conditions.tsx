/**
 * A conditionally approved application (status 18, spec 02 section 4): the approval conditions,
 * rich text from the authority shown only after sanitising (no script, no event handlers, no
 * javascript: links), and the applicant's answer. Accept and Deny each ask for confirmation with the
 * spec's prompts; a denial needs a reason ('Please provide a reason for rejection.'). The answer is
 * the backend's `answerDecision`; on success the application is read again.
 */
import { useId, useMemo, useState } from 'react';
import DOMPurify from 'dompurify';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from './translation';
import { useBackend } from './backend-context';
import { useFailureMessage } from './failure-message';
import { TextInput } from './text-input';

/**
 * What staff-written HTML may not carry even when harmless to scripts: styles and the attributes that
 * reach the page's own (a fixed overlay drawn over Accept and Deny, a portal class name, an id or
 * name that shadows one of the page's), and forms.
 */
const FORBIDDEN_TAGS = ['style', 'link', 'form', 'input', 'button', 'select', 'textarea'];
const FORBIDDEN_ATTRIBUTES = ['style', 'class', 'id', 'name', 'tabindex'];

/**
 * The conditions as HTML safe to insert: DOMPurify's defaults drop scripts, event handlers and
 * javascript: URLs, and nothing may restyle the page (FORBIDDEN_TAGS, FORBIDDEN_ATTRIBUTES); links
 * open in a new tab without access to the portal.
 */
export function sanitizeConditions(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
  });
  const holder = document.createElement('div');
  holder.innerHTML = clean;
  for (const link of holder.querySelectorAll('a')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return holder.innerHTML;
}

type Answer = 'accept' | 'deny';

export interface ApprovalConditionsProps {
  applicationId: number;
  /** The conditions as the authority wrote them (HTML). */
  conditions: string | null | undefined;
  /** Called once the answer is recorded (the application has changed: read it again). */
  onAnswered: () => void;
}

export function ApprovalConditions({ applicationId, conditions, onAnswered }: ApprovalConditionsProps) {
  const { t } = useTranslation();
  const describe = useFailureMessage();
  const backend = useBackend();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Answer | null>(null);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const safe = useMemo(() => sanitizeConditions(conditions ?? ''), [conditions]);
  const titleId = useId();

  const close = () => {
    if (busy) return;
    setAsking(null);
    setReasonMissing(false);
    setError(null);
  };

  const answer = async () => {
    if (asking === 'deny' && reason.trim() === '') {
      setReasonMissing(true);
      return;
    }
    setError(null);
    setBusy(true);
    const result = await backend.answerDecision({
      applicationId,
      accepted: asking === 'accept',
      ...(asking === 'deny' ? { reason: reason.trim() } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      setError(describe(result));
      return;
    }
    setAsking(null);
    onAnswered();
  };

  return (
    <Alert
      severity="info"
      sx={{ bgcolor: 'grey.900', color: 'common.white', '& .MuiAlert-icon': { color: 'common.white' } }}
    >
      <AlertTitle>{t('conditions.title')}</AlertTitle>
      {safe ? (
        <Box
          sx={{ '& a': { color: 'inherit' }, '& p': { my: 1 } }}
          aria-label={t('conditions.label')}
          role="region"
          // Sanitised just above: the authority's rich text without anything that runs.
          dangerouslySetInnerHTML={{ __html: safe }}
        />
      ) : (
        <Typography>{t('conditions.none')}</Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <Button variant="contained" color="success" onClick={() => setAsking('accept')}>
          {t('conditions.accept')}
        </Button>
        <Button variant="outlined" color="inherit" onClick={() => setAsking('deny')}>
          {t('conditions.deny')}
        </Button>
      </Stack>

      <Dialog open={asking !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t(asking === 'deny' ? 'conditions.deny' : 'conditions.accept')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t(asking === 'deny' ? 'conditions.confirmDeny' : 'conditions.confirmAccept')}
          </DialogContentText>
          {asking === 'deny' ? (
            <TextInput
              label={t('conditions.reason')}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setReasonMissing(false);
              }}
              required
              multiline
              minRows={3}
              fullWidth
              margin="normal"
              autoFocus
              error={reasonMissing}
              helperText={reasonMissing ? t('conditions.reasonRequired') : undefined}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          ) : null}
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('conditions.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void answer()} disabled={busy}>
            {busy ? t('conditions.sending') : t('conditions.yes')}
          </Button>
        </DialogActions>
      </Dialog>
    </Alert>
  );
}
