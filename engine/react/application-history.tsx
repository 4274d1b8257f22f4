/** What happened to an application, oldest first: when, which status, by whom, the comment. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LifecycleStatus } from '../core/definition-types';
import { presentStatus } from '../core/status-presentation';
import { ListTable } from './status-blocks';
import { useTranslation } from './translation';
import type { ApplicationDetails } from './wizard-types';

/** What happened to the application, oldest first: when, which status, by whom, the comment. */
export function ApplicationHistory({
  histories,
  statuses,
  comments,
}: {
  histories: NonNullable<ApplicationDetails['application_flow_histories']>;
  statuses: readonly LifecycleStatus[];
  /**
   * The comments the service's transitions write (stored in English), each with the text to show
   * (`historyCommentLabels` of the translated lifecycle); any other comment is shown as written.
   */
  comments?: ReadonlyMap<string, string>;
}) {
  const { t, i18n } = useTranslation();
  if (histories.length === 0) return null;
  const when = (iso: string | null | undefined) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '';
  const rows = histories.map((entry) => {
    const label = presentStatus({ application_status_id: entry.application_status_id }, statuses).label;
    const actor = entry.actor ?? 'system';
    return [
      when(entry.created_at),
      t(`status.${label}`, { defaultValue: label }),
      t(`history.${actor}`, { defaultValue: actor }),
      entry.comment_to_applicant ? (comments?.get(entry.comment_to_applicant) ?? entry.comment_to_applicant) : '',
    ];
  });
  return (
    <Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('history.title')}
      </Typography>
      <ListTable
        label={t('history.title')}
        columns={[t('history.when'), t('history.status'), t('history.by'), t('history.comment')]}
        rows={rows}
      />
    </Box>
  );
}
