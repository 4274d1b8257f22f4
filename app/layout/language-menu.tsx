import { Menu, MenuItem } from '@mui/material';
import { changeLanguage } from '../i18n';
import { LANGUAGES, isLanguageCode } from '../i18n/languages';

/** The list of languages the switcher opens; in a module of its own, loaded on the first opening. */
export function LanguageMenu({
  anchor,
  current,
  onClose,
}: {
  anchor: HTMLElement | null;
  current: string;
  onClose: () => void;
}) {
  return (
    <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language.code}
          lang={language.code}
          selected={language.code === current}
          onClick={() => {
            if (isLanguageCode(language.code)) void changeLanguage(language.code);
            onClose();
          }}
        >
          {language.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
