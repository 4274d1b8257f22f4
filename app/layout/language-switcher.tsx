import { Suspense, useState, type MouseEvent } from 'react';
import { Button } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation, lazyNamed } from '../../engine/react';
import { LANGUAGES } from '../i18n/languages';

// The menu (MUI's Menu, Popover and Modal) is not needed until the button is used: it stays out of
// the first download of every page.
const LanguageMenu = lazyNamed(() => import('./language-menu'), 'LanguageMenu');

/**
 * Loads the menu's code now (once); after it resolves the menu opens at once. The button calls it
 * when the pointer or the focus comes to it; a test awaits it, so it never waits for a module.
 */
export function preloadLanguageMenu(): Promise<void> {
  return LanguageMenu.preload();
}

/** Language menu; the choice is kept in localStorage `lang`. */
export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setUsed(true);
  };
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon aria-hidden />}
        onClick={open}
        // The menu's code starts loading when the pointer or the focus comes to the button.
        onPointerEnter={() => void preloadLanguageMenu().catch(() => {})}
        onFocus={() => void preloadLanguageMenu().catch(() => {})}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-label={t('layout.language', { language: current.name })}
      >
        {current.code.toUpperCase()}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} current={current.code} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
