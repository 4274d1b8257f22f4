/**
 * A submitted application's answers as text: the answered detail rows (a section of the form under
 * its title, as the confirm step shows it: `AnswerSummary`), the detail tables and the
 * attachments (the view of an application that may not be changed, and the studio's view).
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ServiceDefinition } from '../core/definition-types';
import type { ServiceAttachment } from '../core/api-types';
import { documentLabels } from '../core/required-documents';
import { answeredViewSummary, detailTables, type DetailTable } from '../core/view-rows';
import { AnswerSummary } from './answer-summary';
import { ListTable } from './status-blocks';
import { useTranslation } from './translation';
import type { ApplicationAttachment } from './wizard-types';

/** What the answers of a submitted application are shown from. */
export interface ReadOnlyApplicationProps {
  /** The form the application holds (translated). */
  definition: ServiceDefinition;
  /** The label of the choice between the service's forms, for a service with several. */
  choice?: string;
  /** The application's answer (or, in the studio, a made-up one): its record under the form's `view.record`. */
  application: Readonly<Record<string, unknown>>;
  /** The files listed: what a download needs of each, and when known its date and earlier versions. */
  attachments: ReadonlyArray<
    Pick<ApplicationAttachment, 'description' | 'name' | 'path'> &
      Partial<Pick<ApplicationAttachment, 'created_at' | 'earlier_versions'>>
  >;
  /** The service's attachment list in the page's language: its documents are listed by their label. */
  serviceAttachments?: readonly ServiceAttachment[];
  onDownload: (path: string, fileName: string) => void;
}

/**
 * A submitted application's answers as text: the answered detail rows, the detail tables and the
 * attachments (the view of an application that may not be changed, and the studio's view).
 */
export function ReadOnlyApplication(props: ReadOnlyApplicationProps) {
  const { definition, choice, application, attachments, serviceAttachments, onDownload } = props;
  const { t } = useTranslation();
  const labels = useMemo(() => documentLabels(definition, serviceAttachments), [definition, serviceAttachments]);
  const rows = useMemo(
    () => answeredViewSummary(definition, application, choice, { yes: t('widget.yes'), no: t('widget.no') }),
    [definition, application, choice, t],
  );
  const tables: DetailTable[] = useMemo(
    () => detailTables(definition, application, { yes: t('widget.yes'), no: t('widget.no') }),
    [definition, application, t],
  );
  return (
    <Stack spacing={3}>
      {rows.length > 0 ? (
        <Box>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('view.details')}
          </Typography>
          <AnswerSummary label={t('view.details')} entries={rows} />
        </Box>
      ) : null}
      {tables.map((table) => (
        <Box key={table.title}>
          <Typography variant="h6" component="h2" gutterBottom>
            {table.title}
          </Typography>
          {table.rows.length === 0 ? (
            <Typography variant="body2">{t('view.noRows')}</Typography>
          ) : (
            <ListTable label={table.title} columns={table.columns} rows={table.rows} />
          )}
        </Box>
      ))}
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('view.attachments')}
        </Typography>
        {attachments.length === 0 ? (
          <Typography variant="body2">{t('view.noAttachments')}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {attachments.map((item, index) => {
              // Filed under the document's English name; shown by its name in the page's language.
              const document = item.description ? (labels.get(item.description) ?? item.description) : undefined;
              return (
                <li key={`${item.path}-${index}`}>
                  <Link
                    component="button"
                    type="button"
                    onClick={() => onDownload(item.path, item.name ?? item.description ?? 'attachment')}
                    aria-label={t('view.download', { name: document ?? item.name ?? item.path })}
                  >
                    {document ?? item.name ?? item.path}
                  </Link>
                  {item.name && document ? ` (${item.name})` : null}
                  {item.created_at || item.earlier_versions ? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {[
                        item.created_at ? t('view.uploadedOn', { date: item.created_at.slice(0, 10) }) : null,
                        item.earlier_versions ? t('view.replacesEarlier', { count: item.earlier_versions }) : null,
                      ]
                        .filter(Boolean)
                        .map((part) => ` · ${String(part)}`)
                        .join('')}
                    </Typography>
                  ) : null}
                </li>
              );
            })}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
