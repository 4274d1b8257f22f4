import { Chip } from '@mui/material';
import { useTranslation } from '../../engine/react/translation';
import { presentStatus, type StatusFacts } from '../../engine/core/status-presentation';

/** The application's status as a coloured chip (label and colour from engine/core). */
export function StatusChip({ application }: { application: StatusFacts }) {
  const { t } = useTranslation();
  const status = presentStatus(application);
  const label = t(`status.${status.label}`, { defaultValue: status.label });
  if (status.colour === 'dark') {
    return <Chip size="small" label={label} sx={{ bgcolor: 'grey.900', color: 'common.white' }} />;
  }
  return <Chip size="small" label={label} color={status.colour} />;
}
