import { Alert, AlertTitle, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from '../../engine/react';

/** One problem as text: strings as they are, objects by their usual fields (file, pointer, message). */
export function describeProblem(problem: unknown): string {
  if (typeof problem === 'string') return problem;
  if (problem && typeof problem === 'object') {
    const p = problem as Record<string, unknown>;
    const where = [p.file, p.service, p.pointer ?? p.path ?? p.instancePath].filter((x) => typeof x === 'string' && x);
    const message = typeof p.message === 'string' ? p.message : JSON.stringify(problem);
    return where.length > 0 ? `${where.join(' ')}: ${message}` : message;
  }
  return String(problem);
}

/** Development aid: the problems found in the service definitions. */
export function DefinitionProblems({ problems }: { problems: unknown[] }) {
  const { t } = useTranslation();
  return (
    <Box component="section" sx={{ p: 3 }} aria-labelledby="definition-problems-title">
      <Alert severity="error">
        <AlertTitle id="definition-problems-title">{t('definitions.problemsTitle')}</AlertTitle>
        <Typography variant="body2">{t('definitions.problemsHelp')}</Typography>
        <List dense>
          {problems.map((problem, index) => (
            <ListItem key={index} disableGutters>
              <ListItemText
                primary={describeProblem(problem)}
                slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
              />
            </ListItem>
          ))}
        </List>
      </Alert>
    </Box>
  );
}
