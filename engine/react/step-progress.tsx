import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from './translation';

/**
 * Where a flow of a few steps stands (the wizard's details, documents, confirm; registration's
 * details, code, password): a numbered list, the current step marked for assistive technology
 * (`aria-current="step"`) and in bold, the steps done with a tick. A list of three items needs none of
 * MUI's Stepper (keyboard movement between steps, connectors, icons: about 6 KB gzip), whose steps here
 * are not buttons anyway.
 */
export function StepProgress({ labels, current }: { labels: string[]; current: number }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ol"
      aria-label={t('stepProgress.label')}
      sx={{ display: 'flex', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 3, justifyContent: 'space-between' }}
    >
      {labels.map((label, index) => {
        const done = index < current;
        const here = index === current;
        return (
          <Box
            component="li"
            key={label}
            aria-current={here ? 'step' : undefined}
            sx={{
              flex: 1,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              textAlign: 'center',
              gap: 0.5,
            }}
          >
            <Box
              aria-hidden
              sx={{
                width: 28,
                height: 28,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
                fontSize: '0.875rem',
                color: done || here ? 'primary.contrastText' : 'text.primary',
                bgcolor: done || here ? 'primary.main' : 'action.disabledBackground',
              }}
            >
              {done ? '✓' : index + 1}
            </Box>
            <Typography variant="body2" sx={{ fontWeight: here ? 700 : 400 }}>
              {label}
              {done && <span style={visuallyHidden}>{` (${t('stepProgress.done')})`}</span>}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
