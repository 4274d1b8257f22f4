import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** The page's heading, which names the wizard's section (`aria-labelledby` of service-wizard.tsx). */
export function WizardTitle({ children }: { children: ReactNode }) {
  return (
    <Typography id="service-wizard-title" variant="h5" component="h1" gutterBottom>
      {children}
    </Typography>
  );
}
