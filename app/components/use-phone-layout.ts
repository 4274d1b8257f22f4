import { useMediaQuery, useTheme } from '@mui/material';

/** True on phone-sized screens, where dialogs take the whole screen instead of floating. */
export function usePhoneLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}
