import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useTranslation, useApiMutation, TextInput } from '../../engine/react';
import { setStoredUser, useUser, type StoredUser } from '../auth/user-store';
import { validateProfile, type ProfileField } from '../validation';
import { ReadOnlyFields } from '../components/read-only-fields';
import { DecisionEmailsSetting } from './decision-emails-setting';
import { OwnDataDownload } from './own-data-download';
import { CloseAccountSection } from './close-account-section';

const FIELDS: Array<{ name: ProfileField; label: string; required?: boolean; type?: string }> = [
  { name: 'first_name', label: 'profile.firstName', required: true },
  { name: 'last_name', label: 'profile.lastName', required: true },
  { name: 'other_name', label: 'profile.otherName' },
  { name: 'email', label: 'profile.email', required: true, type: 'email' },
  { name: 'phone', label: 'profile.phone', type: 'tel' },
  { name: 'id_number', label: 'profile.idNumber' },
];

/** Success flag lifetime (spec 01 section 9). */
export const PROFILE_SUCCESS_MS = 10_000;

function valuesOf(user: StoredUser | null): Record<ProfileField, string> {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    other_name: user?.other_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    id_number: user?.id_number ?? '',
  };
}

/**
 * The signed-in user's profile: shown as text until Edit, then a form saved with PUT client/{id}.
 * A blank phone clears it (optional, spec 01). Below it: the choice of e-mails, the download of
 * everything held about the applicant, and closing the account.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useUser();
  const { send, busy } = useApiMutation<Partial<StoredUser>>();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => valuesOf(user));
  const [touched, setTouched] = useState(false);
  const [success, setSuccess] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(false), PROFILE_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  // Edit moves the focus to the first field (after the click that asked for it has ended).
  const firstField = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editing) firstField.current?.focus();
  }, [editing]);

  const errors = touched ? validateProfile(values) : {};

  const toggle = () => {
    if (editing) setValues(valuesOf(user));
    setEditing(!editing);
    setTouched(false);
    setFailed(false);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    setTouched(true);
    if (Object.keys(validateProfile(values)).length > 0) return;
    setFailed(false);
    setSuccess(false);
    const body = Object.fromEntries(FIELDS.map((f) => [f.name, values[f.name].trim()]));
    const result = await send({ method: 'PUT', path: `client/${user.id}`, body });
    if (!result.ok) {
      setFailed(true);
      return;
    }
    // The answer carries no token: keep the session's.
    const saved: StoredUser = {
      ...user,
      ...(body as Partial<StoredUser>),
      ...(result.data ?? {}),
      token: user.token,
      id: user.id,
    };
    setStoredUser(saved);
    setValues(valuesOf(saved));
    setSuccess(true);
    setEditing(false);
  };

  return (
    <Paper component="section" aria-labelledby="profile-title" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 900 }}>
      <Stack direction="row" sx={{ mb: 2, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id="profile-title" variant="h1">
          {t('profile.title')}
        </Typography>
        <Button variant="outlined" onClick={toggle}>
          {editing ? t('profile.cancel') : t('profile.edit')}
        </Button>
      </Stack>
      {success && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('profile.success')}
        </Alert>
      )}
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('profile.error')}
        </Alert>
      )}
      {editing ? (
        <Box component="form" noValidate onSubmit={save}>
          <Grid container spacing={2}>
            {FIELDS.map((field, index) => {
              const error = errors[field.name];
              return (
                <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
                  <TextInput
                    label={t(field.label)}
                    name={field.name}
                    type={field.type ?? 'text'}
                    value={values[field.name]}
                    onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                    {...(index === 0 ? { inputRef: firstField } : {})}
                    required={field.required}
                    error={Boolean(error)}
                    helperText={error ? t(error) : undefined}
                    fullWidth
                  />
                </Grid>
              );
            })}
          </Grid>
          <Button type="submit" variant="contained" sx={{ mt: 3 }} disabled={busy}>
            {t('profile.save')}
          </Button>
        </Box>
      ) : (
        <ReadOnlyFields
          label={t('profile.title')}
          fields={FIELDS.map((field) => ({ label: t(field.label), value: values[field.name] }))}
        />
      )}
      {user && <DecisionEmailsSetting user={user} />}
      {user && <OwnDataDownload user={user} />}
      {user && <CloseAccountSection user={user} />}
    </Paper>
  );
}
