import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useTranslation } from '../../engine/react';

/** Shown when a page fails to load or render, instead of a blank screen. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Box component="main" sx={{ p: 4, maxWidth: 720, mx: 'auto' }}>
      <Alert severity="error">
        <AlertTitle>{t('errors.pageTitle')}</AlertTitle>
        {detail}
      </Alert>
      <Button sx={{ mt: 2 }} variant="contained" href="/">
        {t('notFound.back')}
      </Button>
    </Box>
  );
}

interface BoundaryProps {
  /** A new value (the path) clears a caught error, so moving to another page tries again. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  caught?: { error: unknown };
}

/**
 * Catches what a page throws while loading its code or rendering and shows RouteError in its place.
 * A class, because only a class component can catch the errors of its children.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {};

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { caught: { error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept in the console for whoever reports the problem; the page shows the message.
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.caught && previous.resetKey !== this.props.resetKey) this.setState({ caught: undefined });
  }

  override render() {
    const { caught } = this.state;
    return caught ? <RouteError error={caught.error} /> : this.props.children;
  }
}
