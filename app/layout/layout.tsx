import { Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import {
  AppBar,
  Badge,
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DashboardIcon from '@mui/icons-material/Dashboard';
import MiscellaneousServicesIcon from '@mui/icons-material/MiscellaneousServices';
import BusinessIcon from '@mui/icons-material/Business';
import RecyclingIcon from '@mui/icons-material/Recycling';
import { Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from '../../engine/react';
import { useUser } from '../auth/user-store';
import { PageLoading } from '../components/page-loading';
import { useRecycledAccess } from '../recycled/recycled-access';
import { Footer } from './footer';
import { LanguageSwitcher } from './language-switcher';
import { SkipLink } from './skip-link';
import { NotificationItems } from './notification-items';
import { useStatusNotifications } from './status-notifications';
import type { ApplicationSummary } from '../applications-list';

const DRAWER_WIDTH = 240;

interface NavEntry {
  to: string;
  label: string;
  icon: ReactNode;
}

/** Frame of the signed-in pages: top bar, navigation drawer, main content, footer. */
export function Layout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  const [noticeAnchor, setNoticeAnchor] = useState<HTMLElement | null>(null);
  const notifications = useStatusNotifications(user?.id);
  // What the opened menu lists: the news of that moment, which opening it marks as seen.
  const [shownNews, setShownNews] = useState<ApplicationSummary[]>([]);
  const [fullscreen, setFullscreen] = useState(false);
  const recycledAccess = useRecycledAccess(user?.id);
  const recycledRoute = recycledAccess.route;
  const hasRecycled = recycledAccess.allowed === true && recycledRoute !== undefined;
  const { refresh: refreshRecycled } = recycledAccess;
  const previousPath = useRef(pathname);

  // The submission that opens Recycled invalidates the check itself (see app/submissions.ts); coming
  // back to the dashboard or to the reports' page asks again too, for a submission made in another
  // tab, so the entry appears without a reload. Once allowed it stays.
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (!hasRecycled && (pathname === '/dashboard' || pathname === recycledRoute)) refreshRecycled();
  }, [pathname, hasRecycled, recycledRoute, refreshRecycled]);

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // A route change on mobile closes the drawer.
  useEffect(() => setMobileOpen(false), [pathname]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.();
  };

  const entries: NavEntry[] = [
    { to: '/dashboard', label: t('nav.dashboard'), icon: <DashboardIcon /> },
    { to: '/services', label: t('nav.services'), icon: <MiscellaneousServicesIcon /> },
    { to: '/companies', label: t('nav.companies'), icon: <BusinessIcon /> },
    ...(hasRecycled && recycledRoute ? [{ to: recycledRoute, label: t('nav.recycled'), icon: <RecyclingIcon /> }] : []),
  ];

  const nav = (
    <Box component="nav" aria-label={t('layout.sideNavigation')}>
      <Toolbar />
      <Divider />
      <List>
        {entries.map((entry) => {
          const current = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
          return (
            <ListItem key={entry.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={entry.to}
                selected={current}
                aria-current={current ? 'page' : undefined}
              >
                <ListItemIcon aria-hidden>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );

  const openMenu = (setter: (el: HTMLElement | null) => void) => (event: MouseEvent<HTMLElement>) =>
    setter(event.currentTarget);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="fixed" component="header" sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            onClick={() => setMobileOpen(true)}
            aria-label={t('layout.openNavigation')}
            sx={{ mr: 1, display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            component={RouterLink}
            to="/dashboard"
            variant="h6"
            sx={{ flexGrow: 1, color: 'inherit', textDecoration: 'none', fontWeight: 700 }}
          >
            {t('app.title')}
          </Typography>
          {/* The native title as its tooltip: MUI's Tooltip brings Popper (about 10 KB) to every page. */}
          <IconButton
            color="inherit"
            onClick={toggleFullscreen}
            aria-label={fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen')}
            title={fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen')}
          >
            {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </IconButton>
          <IconButton
            color="inherit"
            onClick={(event) => {
              setShownNews(notifications.changes);
              notifications.markSeen();
              setNoticeAnchor(event.currentTarget);
            }}
            aria-label={t('layout.notifications', { count: notifications.changes.length })}
            aria-haspopup="menu"
            aria-controls={noticeAnchor ? 'notifications-menu' : undefined}
            aria-expanded={noticeAnchor ? 'true' : undefined}
          >
            <Badge badgeContent={notifications.changes.length} color="error">
              <NotificationsIcon />
            </Badge>
          </IconButton>
          <Menu
            id="notifications-menu"
            anchorEl={noticeAnchor}
            open={Boolean(noticeAnchor)}
            onClose={() => setNoticeAnchor(null)}
          >
            <NotificationItems news={shownNews} onChoose={() => setNoticeAnchor(null)} />
          </Menu>
          <LanguageSwitcher />
          <IconButton
            color="inherit"
            onClick={openMenu(setUserAnchor)}
            aria-label={t('layout.userMenu', { name: user ? `${user.first_name} ${user.last_name}` : '' })}
            aria-haspopup="menu"
            aria-controls={userAnchor ? 'user-menu' : undefined}
            aria-expanded={userAnchor ? 'true' : undefined}
          >
            <AccountCircleIcon />
          </IconButton>
          <Menu id="user-menu" anchorEl={userAnchor} open={Boolean(userAnchor)} onClose={() => setUserAnchor(null)}>
            <MenuItem component={RouterLink} to="/profile" onClick={() => setUserAnchor(null)}>
              {t('nav.profile')}
            </MenuItem>
            <MenuItem component={RouterLink} to="/logout" onClick={() => setUserAnchor(null)}>
              {t('nav.logout')}
            </MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      {/* Which drawer shows is the stylesheet's choice (a media query), not a script's: the page
          drawn by the build and the hydrated one are the same on every screen, and nothing moves
          when the script runs. */}
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        {nav}
      </Drawer>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
      >
        {nav}
      </Drawer>
      <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Toolbar />
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          // Jumping here (the skip link) leaves the content below the fixed top bar, not under it.
          sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, outline: 'none', scrollMarginTop: { xs: 56, sm: 64 } }}
        >
          {/* The frame stays while a page's code loads. */}
          <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
