import { Chip } from '@mui/material';
import { useTranslation } from '../../engine/react';
import { presentStatus, type StatusFacts, type LifecycleStatus } from '../../engine/core';

/**
 * The application's status as a coloured chip (label and colour from engine/core; `statuses` are
 * its service's own, `lifecycle.statuses`).
 */
export function StatusChip({
  application,
  statuses = [],
}: {
  application: StatusFacts;
  statuses?: readonly LifecycleStatus[];
}) {
  const { t } = useTranslation();
  const status = presentStatus(application, statuses);
  const label = t(`status.${status.label}`, { defaultValue: status.label });
  if (status.colour === 'dark') {
    return <Chip size="small" label={label} sx={{ bgcolor: 'grey.900', color: 'common.white' }} />;
  }
  return <Chip size="small" label={label} color={status.colour} />;
}
