/**
 * The bench's react-hook-form + MUI twin of a wizard step (scripts/bench/browser.ts): as many text
 * fields, text areas, selects, radio groups and checkboxes as the portal's step shows (the address
 * says how many), drawn with MUI's components in the portal's theme and registered with
 * react-hook-form the way its documentation recommends for speed: uncontrolled inputs through
 * `register`, `Controller` for the selects and radio groups, validation on submit. The step sits in
 * the portal's own frame (its Layout: bar, navigation, footer) and under the same step list, as the
 * portal's does: what the two pages differ in is the form engine. `?view=form` opens the step;
 * without it an information page links to it (Apply Now), for the time to interactive.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Controller, useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MemoryRouter } from 'react-router-dom';
import type { ApiClient } from '../../../engine/core/api-client';
import { createApiQueryClient } from '../../../engine/react/use-api-query';
import { StepProgress } from '../../../engine/react/step-progress';
import { ApiQueryProvider } from '../../../app/api-query-provider';
import { Layout } from '../../../app/layout/layout';
import { PortalProviders } from '../../../app/portal';
// The portal's texts, as its pages have them.
import '../../../app/i18n';

/** The frame's reads (notifications, the Recycled check) stay unanswered, as before they answer on the portal. */
const silentApi: ApiClient = {
  baseUrl: '/api/',
  get: () => new Promise(() => {}),
  post: () => new Promise(() => {}),
  put: () => new Promise(() => {}),
  delete: () => new Promise(() => {}),
  upload: () => new Promise(() => {}),
  url: (path) => `/api/${path}`,
};
const queryClient = createApiQueryClient();

const params = new URLSearchParams(window.location.search);
const count = (name: string) => Number(params.get(name) ?? 0);
const range = (name: string) => Array.from({ length: count(name) }, (_, i) => i);

function TwinForm() {
  const { register, control, handleSubmit } = useForm({ mode: 'onSubmit' });
  const text = (name: string, label: string, multiline = false) => {
    const { ref, ...field } = register(name);
    return (
      <TextField
        key={name}
        label={label}
        fullWidth
        inputRef={ref}
        {...field}
        {...(multiline ? { multiline: true, minRows: 3 } : {})}
      />
    );
  };
  return (
    <Paper component="form" noValidate onSubmit={handleSubmit(() => undefined)} sx={{ p: 3 }}>
      <StepProgress labels={['Application Details', 'Document Uploads', 'Confirm Detail']} current={0} />
      <Typography variant="h6" component="h2" gutterBottom>
        Application Details
      </Typography>
      <Stack spacing={2}>
        {range('text').map((i) => text(`text${i}`, `Field ${i}`))}
        {range('select').map((i) => (
          <Controller
            key={`select${i}`}
            name={`select${i}`}
            control={control}
            defaultValue=""
            render={({ field }) => (
              <TextField select label={`Choice ${i}`} fullWidth {...field}>
                <MenuItem value="">--Select--</MenuItem>
                <MenuItem value="a">Option A</MenuItem>
                <MenuItem value="b">Option B</MenuItem>
              </TextField>
            )}
          />
        ))}
        {range('radio').map((i) => (
          <Controller
            key={`radio${i}`}
            name={`radio${i}`}
            control={control}
            defaultValue=""
            render={({ field }) => (
              <RadioGroup row aria-label={`Question ${i}`} {...field}>
                <FormControlLabel value="yes" control={<Radio />} label="Yes" />
                <FormControlLabel value="no" control={<Radio />} label="No" />
              </RadioGroup>
            )}
          />
        ))}
        {range('checkbox').map((i) => (
          <FormControlLabel key={`check${i}`} control={<Checkbox {...register(`check${i}`)} />} label={`Item ${i}`} />
        ))}
        {range('textarea').map((i) => text(`long${i}`, `Long answer ${i}`, true))}
        <Button type="submit" variant="contained">
          Next
        </Button>
      </Stack>
    </Paper>
  );
}

function Twin() {
  const [view, setView] = useState(params.get('view') ?? 'info');
  return (
    <PortalProviders api={silentApi}>
      <MemoryRouter>
        <ApiQueryProvider client={queryClient}>
          <Layout>
            {view === 'form' ? (
              <>
                <Typography variant="h1" gutterBottom>
                  Apply | Environmental Audit
                </Typography>
                <TwinForm />
              </>
            ) : (
              <>
                <Typography variant="h1" gutterBottom>
                  Environmental Audit
                </Typography>
                <Button
                  variant="contained"
                  href="?view=form"
                  onClick={(event) => {
                    event.preventDefault();
                    params.set('view', 'form');
                    window.history.pushState(null, '', `?${params.toString()}`);
                    setView('form');
                  }}
                >
                  Apply Now
                </Button>
              </>
            )}
          </Layout>
        </ApiQueryProvider>
      </MemoryRouter>
    </PortalProviders>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Twin />);
