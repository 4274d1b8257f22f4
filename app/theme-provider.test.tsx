// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { PortalThemeProvider } from './theme-provider';

afterEach(cleanup);

function ThemeProbe() {
  const theme = useTheme();
  return (
    <output>{`${theme.palette.primary.main} ${theme.typography.button.textTransform} ${String(theme.spacing(2))}`}</output>
  );
}

describe('PortalThemeProvider', () => {
  it('gives MUI components the portal theme', () => {
    render(
      <PortalThemeProvider>
        <ThemeProbe />
        <Button variant="contained">Apply Now</Button>
      </PortalThemeProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('#1b5e20 none 16px');
    // The contained button takes the primary colour of the theme, not MUI's default blue.
    const button = screen.getByRole('button', { name: 'Apply Now' });
    expect(getComputedStyle(button).getPropertyValue('--variant-containedBg')).toBe('#1b5e20');
  });
});
