import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation, useApiQuery } from '../../engine/react';
import { useStillUntilHydrated } from '../hydration';
import type { LocalizedExtraUpload, ServiceAttachment, ServiceChoiceOffer, ServiceDefinition } from '../../engine/core';
import { DraftOffer } from './draft-offer';

/** A document the page lists: the authority's list for the service, then the definition's own uploads. */
interface ListedDocument {
  key: string;
  name: string;
  description?: string | null;
  info?: string | null;
  need: 'mandatory' | 'optional' | 'conditional';
}

/** The definition's own uploads (`documents.extra`): required ones with a `when` only when it applies. */
function definitionDocuments(definition: ServiceDefinition): ListedDocument[] {
  return (definition.documents?.extra ?? []).map((upload) => ({
    key: `extra:${upload.name}`,
    // A translated definition's upload carries its name in the page's language.
    name: (upload as LocalizedExtraUpload).label ?? upload.name,
    description: upload.description ?? null,
    need: !upload.required ? 'optional' : upload.when ? 'conditional' : 'mandatory',
  }));
}

/** The documents of an answer; anything that is not a list reads as none. */
function attachmentsOf(data: unknown): ServiceAttachment[] {
  return Array.isArray(data) ? (data as ServiceAttachment[]) : [];
}

/**
 * Information page of any service: the choice between sibling services it offers (export or import
 * licence), Steps (documents and facts) and How to Apply, then Apply Now.
 */
export function ServiceInfoPage({
  definition,
  choice,
}: {
  definition: ServiceDefinition;
  choice?: ServiceChoiceOffer | undefined;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  // The page is prerendered: a tab clicked before the script runs would do nothing and be lost.
  const still = useStillUntilHydrated();
  // The authority's list is read only for a service whose documents step asks for it.
  const readsList = definition.documents?.serviceAttachments !== false;
  const attachments = useApiQuery<unknown, ServiceAttachment[]>(
    readsList ? `service/attachments/${definition.id}` : null,
    { select: attachmentsOf },
  );
  const own = definitionDocuments(definition);
  const listed: ListedDocument[] = (attachments.data ?? []).map((item) => ({
    key: `list:${item.id ?? item.name}`,
    // Asked in the page's language: the list answers each document's translation beside its name.
    name: item.label ?? item.name,
    description: item.description_label ?? item.description ?? null,
    info: item.info_label ?? item.info ?? null,
    need: item.is_mandatory ? 'mandatory' : 'optional',
  }));
  const items = !readsList || attachments.status === 'success' ? [...listed, ...own] : null;
  const hide = new Set(definition.info.hide ?? []);

  const validity = definition.info.validity ?? '';
  const facts: Array<{ key: 'fee' | 'validity' | 'processingTime'; label: string; value: string }> = [
    { key: 'fee', label: t('serviceInfo.fee'), value: definition.info.fee ?? '' },
    { key: 'validity', label: t('serviceInfo.validity'), value: validity },
    {
      key: 'processingTime',
      label: t('serviceInfo.processingTime'),
      value:
        definition.info.processingDays === undefined
          ? ''
          : t('serviceInfo.withinDays', { count: definition.info.processingDays }),
    },
  ];
  const shownFacts = facts.filter((fact) => !hide.has(fact.key));

  return (
    <Box component="article" aria-labelledby="service-title">
      <Typography id="service-title" variant="h1" gutterBottom>
        {definition.info.title ?? definition.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('services.department', { department: definition.department })}
      </Typography>
      {choice && <ServiceChoiceLinks choice={choice} />}
      <Paper>
        <Tabs value={tab} onChange={(_e, value: number) => setTab(value)} aria-label={t('serviceInfo.tabs')} {...still}>
          <Tab label={t('serviceInfo.steps')} id="service-tab-0" aria-controls="service-panel-0" />
          <Tab label={t('serviceInfo.howToApply')} id="service-tab-1" aria-controls="service-panel-1" />
        </Tabs>
        <Box role="tabpanel" id="service-panel-0" aria-labelledby="service-tab-0" hidden={tab !== 0} sx={{ p: 3 }}>
          {tab === 0 && (
            <Stack spacing={3}>
              <Box component="section" aria-labelledby="documents-title">
                <Typography id="documents-title" variant="h2" gutterBottom>
                  {t('serviceInfo.requiredDocuments')}
                </Typography>
                {attachments.status === 'loading' && (
                  <Skeleton variant="rectangular" height={80} aria-label={t('common.loading')} />
                )}
                {attachments.status === 'error' && <Alert severity="error">{attachments.error}</Alert>}
                {items && items.length === 0 && <Typography>{t('serviceInfo.noDocuments')}</Typography>}
                {items && items.length > 0 && (
                  <List>
                    {items.map((item) => (
                      <ListItem key={item.key} divider alignItems="flex-start">
                        <ListItemText
                          primary={
                            <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
                              <span>{item.name}</span>
                              <Chip
                                size="small"
                                component="span"
                                color={item.need === 'mandatory' ? 'primary' : 'default'}
                                label={t(`serviceInfo.${item.need}`)}
                              />
                            </Stack>
                          }
                          secondary={
                            <>
                              {item.description && <span style={{ display: 'block' }}>{item.description}</span>}
                              {item.info && <span style={{ display: 'block' }}>{item.info}</span>}
                            </>
                          }
                        />
                      </ListItem>
                    ))}
                  </List>
                )}
              </Box>
              {shownFacts.length > 0 && (
                <Table size="small" aria-label={t('serviceInfo.facts')}>
                  <TableBody>
                    {shownFacts.map((fact) => (
                      <TableRow key={fact.key}>
                        <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%' }}>
                          {fact.label}
                        </TableCell>
                        <TableCell>{fact.value}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Stack>
          )}
        </Box>
        <Box role="tabpanel" id="service-panel-1" aria-labelledby="service-tab-1" hidden={tab !== 1} sx={{ p: 3 }}>
          {tab === 1 &&
            definition.info.howToApply.map((paragraph, index) => (
              <Typography key={index} sx={{ mb: 2 }}>
                {paragraph}
              </Typography>
            ))}
        </Box>
      </Paper>
      <Box sx={{ mt: 3 }}>
        {/* A draft with answers or files is offered beside Apply Now, which still starts a new one. */}
        <DraftOffer definitions={[definition]} single />
        <Button variant="contained" size="large" component={RouterLink} to={definition.routes.apply}>
          {t('serviceInfo.applyNow')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The choice between sibling services as links to their information pages (each page has its own
 * documents and Apply Now): they work before the script runs, and the current one says so.
 */
function ServiceChoiceLinks({ choice }: { choice: ServiceChoiceOffer }) {
  return (
    <Box component="nav" aria-labelledby="service-choice-label" sx={{ mb: 3 }}>
      <Typography id="service-choice-label" variant="h2" gutterBottom>
        {choice.label}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {choice.options.map((option) => (
          <Button
            key={option.key}
            component={RouterLink}
            to={option.route}
            variant={option.current ? 'contained' : 'outlined'}
            aria-current={option.current ? 'page' : undefined}
          >
            {option.title}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
