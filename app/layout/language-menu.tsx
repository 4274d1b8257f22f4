import { Menu, MenuItem } from '@mui/material';
import { useApi } from '../api-context';
import { useUser } from '../auth/user-store';
import { changeLanguage } from '../i18n';
import { LANGUAGES, isLanguageCode } from '../i18n/languages';

/**
 * The list of languages the switcher opens; in a module of its own, loaded on the first opening. A
 * signed-in applicant's choice is also the language of their e-mails (`PUT client/{id}/language`):
 * the server changes it on this choice only. Should that call fail, the interface changes anyway and
 * the e-mails keep the language they had until the next choice.
 */
export function LanguageMenu({
  anchor,
  current,
  onClose,
}: {
  anchor: HTMLElement | null;
  current: string;
  onClose: () => void;
}) {
  const api = useApi();
  const user = useUser();
  return (
    <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language.code}
          lang={language.code}
          selected={language.code === current}
          onClick={() => {
            if (isLanguageCode(language.code)) {
              void changeLanguage(language.code);
              if (user) void api.put(`client/${user.id}/language`, { language: language.code });
            }
            onClose();
          }}
        >
          {language.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
