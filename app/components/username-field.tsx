import { useTranslation, TextInput } from '../../engine/react';

/** "Email or phone", the identifier used by login and password reset; required once the form was submitted. */
export function UsernameField({
  value,
  onChange,
  touched,
}: {
  value: string;
  onChange: (value: string) => void;
  touched: boolean;
}) {
  const { t } = useTranslation();
  const missing = touched && !value.trim();
  return (
    <TextInput
      label={t('login.username')}
      name="username"
      autoComplete="username"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      error={missing}
      helperText={missing ? t('validation.required') : t('login.usernameHelp')}
      fullWidth
    />
  );
}
