/** What the wizard shows instead of its steps: the success panel, and a continued draft being placed. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { Busy } from './status-blocks';
import { useTranslation } from './translation';
import type { RenderLink } from './wizard-types';

const defaultRenderLink: RenderLink = (href, children) => <Link href={href}>{children}</Link>;

/** The application was submitted: a Back link to `href`. */
export function WizardSubmitted({
  renderLink = defaultRenderLink,
  href,
}: {
  renderLink?: RenderLink | undefined;
  href: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Alert severity="success" role="status">
        {t('wizard.submitted')}
      </Alert>
      <Box sx={{ mt: 2 }}>{renderLink(href, t('wizard.back'))}</Box>
    </Paper>
  );
}

/** A continued draft is opening at its step (its answers and files are being judged). */
export function WizardPlacing() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Busy>{t('view.loading')}</Busy>
    </Paper>
  );
}
