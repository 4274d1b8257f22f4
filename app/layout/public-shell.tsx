import { useState, type ReactNode } from 'react';
import { AppBar, Box, Button, Container, IconButton, Toolbar, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from '../../engine/react';
import { Footer } from './footer';
import { LanguageSwitcher } from './language-switcher';
import { SkipLink } from './skip-link';

/**
 * Frame of the public pages: navbar with Home, Login and Register, then the page, then the footer.
 * On a phone the three links fold behind a menu button (in some languages they would not fit beside
 * the title and the language switcher).
 */
export function PublicShell({ children, maxWidth = 'lg' }: { children: ReactNode; maxWidth?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const links = [
    { to: '/', label: t('nav.home') },
    { to: '/login', label: t('nav.login') },
    { to: '/register', label: t('nav.register') },
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="static" component="header">
        <Box component="nav" aria-label={t('layout.mainNavigation')}>
          <Toolbar sx={{ gap: 1 }}>
            <Typography
              component={RouterLink}
              to="/"
              variant="h6"
              sx={{ flexGrow: 1, minWidth: 0, color: 'inherit', textDecoration: 'none', fontWeight: 700 }}
            >
              {t('app.title')}
            </Typography>
            <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
              {links.map((link) => (
                <Button key={link.to} color="inherit" component={RouterLink} to={link.to}>
                  {link.label}
                </Button>
              ))}
            </Box>
            <IconButton
              color="inherit"
              sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
              aria-label={t('layout.openNavigation')}
              aria-expanded={menuOpen}
              aria-controls="public-navigation-links"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <MenuIcon />
            </IconButton>
            <LanguageSwitcher />
          </Toolbar>
          {menuOpen && (
            <Box
              component="ul"
              id="public-navigation-links"
              sx={{ display: { xs: 'block', sm: 'none' }, listStyle: 'none', m: 0, px: 1, pb: 1 }}
            >
              {links.map((link) => (
                <li key={link.to}>
                  <Button
                    color="inherit"
                    component={RouterLink}
                    to={link.to}
                    fullWidth
                    sx={{ justifyContent: 'flex-start' }}
                    onClick={() => setMenuOpen(false)}
                  >
                    {link.label}
                  </Button>
                </li>
              ))}
            </Box>
          )}
        </Box>
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
