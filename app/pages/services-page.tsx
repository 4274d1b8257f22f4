import { Button, Card, CardActions, CardContent, Grid, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from '../../engine/react';
import { WithDefinitions } from '../definitions-context';

/** A card per service definition with Proceed to its information page. */
export function ServicesPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {t('services.title')}
      </Typography>
      <WithDefinitions>
        {(definitions) => (
          <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {definitions.map((definition) => (
              <Grid key={definition.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
                <Card
                  component="article"
                  aria-labelledby={`service-${definition.id}`}
                  sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                >
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Typography id={`service-${definition.id}`} variant="h3" component="h2" gutterBottom>
                      {definition.title}
                    </Typography>
                    <Typography variant="body2" sx={{ mb: 1 }}>
                      {definition.summary}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('services.department', { department: definition.department })}
                    </Typography>
                  </CardContent>
                  <CardActions>
                    <Button
                      variant="contained"
                      component={RouterLink}
                      to={definition.routes.info}
                      aria-label={t('services.proceedTo', { title: definition.title })}
                    >
                      {t('services.proceed')}
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </WithDefinitions>
    </>
  );
}
