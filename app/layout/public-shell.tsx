import type { ReactNode } from 'react';
import { AppBar, Box, Button, Container, Toolbar, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { useTranslation } from '../../engine/react/translation';
import { Footer } from './footer';
import { LanguageSwitcher } from './language-switcher';
import { SkipLink } from './skip-link';

/** Frame of the public pages: navbar with Home, Login and Register, then the page, then the footer. */
export function PublicShell({ children, maxWidth = 'lg' }: { children: ReactNode; maxWidth?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="static" component="header">
        <Toolbar component="nav" aria-label={t('layout.mainNavigation')}>
          <Typography
            component={RouterLink}
            to="/"
            variant="h6"
            sx={{ flexGrow: 1, color: 'inherit', textDecoration: 'none', fontWeight: 700 }}
          >
            {t('app.title')}
          </Typography>
          <Button color="inherit" component={RouterLink} to="/">
            {t('nav.home')}
          </Button>
          <Button color="inherit" component={RouterLink} to="/login">
            {t('nav.login')}
          </Button>
          <Button color="inherit" component={RouterLink} to="/register">
            {t('nav.register')}
          </Button>
          <LanguageSwitcher />
        </Toolbar>
      </AppBar>
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        maxWidth={maxWidth}
        sx={{ py: 4, flexGrow: 1, outline: 'none' }}
      >
        {children}
      </Container>
      <Footer />
    </Box>
  );
}
