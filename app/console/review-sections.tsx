/**
 * The parts of the review page besides the answers and the transitions: the application's
 * documents (download, and a preview in the page), its history, the internal notes and who works on
 * it. Notes and assignment are for those who may work on the service (a reviewer or approver).
 */
import { useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation, TextInput } from '../../engine/react';
import { formatDate } from '../applications-list';
import type { ReviewDocument, ReviewHistoryEntry, ReviewNote } from './console-types';
import { useStaffApi, type StaffResult } from './staff-api';

/** How a document can be shown in the page: a PDF in a frame, an image, or not at all. */
/** The internal rows the console words in its language (`InternalEvent` of the server); others show their comment. */
const KNOWN_EVENTS = new Set(['viewed', 'exported', 'noted', 'took', 'released', 'assigned', 'opened']);

export function previewKind(document: Pick<ReviewDocument, 'name' | 'mime'>): 'pdf' | 'image' | null {
  const mime = document.mime ?? '';
  if (mime === 'application/pdf' || (!mime && /\.pdf$/i.test(document.name))) return 'pdf';
  if (mime.startsWith('image/') || (!mime && /\.(png|jpe?g|gif|webp)$/i.test(document.name))) return 'image';
  return null;
}

export function DocumentsSection({ documents }: { documents: readonly ReviewDocument[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ReviewDocument['id'] | null>(null);
  if (documents.length === 0) return <Typography variant="body2">{t('console.review.noDocuments')}</Typography>;
  const address = (document: ReviewDocument) => document.url;
  // The server sends a preview inline, in a sandbox (it runs nothing the file holds).
  const inline = (document: ReviewDocument) => `${document.url}${document.url.includes('?') ? '&' : '?'}inline=1`;
  const preview = documents.find((document) => document.id === shown);
  return (
    <Stack spacing={2}>
      <List dense disablePadding>
        {documents.map((document) => {
          const kind = previewKind(document);
          return (
            <ListItem
              key={document.id}
              disableGutters
              secondaryAction={
                <Stack direction="row" spacing={1}>
                  {kind ? (
                    <Button
                      size="small"
                      aria-pressed={shown === document.id}
                      aria-label={t('console.review.previewOf', { name: document.name })}
                      onClick={() => setShown(shown === document.id ? null : document.id)}
                    >
                      {t('console.review.preview')}
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    href={address(document)}
                    download
                    aria-label={t('console.review.downloadOf', { name: document.name })}
                  >
                    {t('console.review.download')}
                  </Button>
                </Stack>
              }
              sx={{ pr: 22 }}
            >
              <ListItemText
                primary={document.description || document.name}
                secondary={[
                  document.description ? document.name : null,
                  formatDate(document.created_at),
                  document.internal ? t('console.review.internalDocument') : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
      {preview ? (
        <Box component="figure" sx={{ m: 0 }}>
          {previewKind(preview) === 'pdf' ? (
            <Box
              component="iframe"
              title={t('console.review.previewOf', { name: preview.name })}
              src={inline(preview)}
              sx={{ width: '100%', height: 600, border: 1, borderColor: 'divider' }}
            />
          ) : (
            <Box
              component="img"
              src={inline(preview)}
              alt={preview.description || preview.name}
              sx={{ maxWidth: '100%' }}
            />
          )}
          <Typography component="figcaption" variant="caption">
            {preview.name}
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );
}

export function HistorySection({
  history,
  statusText,
  transitionText,
}: {
  history: readonly ReviewHistoryEntry[];
  statusText: (status: { id?: number; key?: string }) => string;
  /** A row's transition (its name, as stored) as its button names it. */
  transitionText: (name: string) => string;
}) {
  const { t } = useTranslation();
  if (history.length === 0) return <Typography variant="body2">{t('console.review.noHistory')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('console.review.history')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('console.review.date')}</TableCell>
            <TableCell>{t('console.review.status')}</TableCell>
            <TableCell>{t('console.review.actor')}</TableCell>
            <TableCell>{t('console.review.comment')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.map((entry, index) => (
            <TableRow key={entry.id ?? index}>
              <TableCell>{formatDate(entry.created_at)}</TableCell>
              <TableCell>
                {statusText({ id: entry.status_id })}
                {entry.transition ? (
                  <Typography variant="body2" color="text.secondary">
                    {transitionText(entry.transition)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>{entry.actor}</TableCell>
              <TableCell>
                {entry.event && KNOWN_EVENTS.has(entry.event)
                  ? t(`console.event.${entry.event}`, { subject: entry.event_subject ?? '' })
                  : entry.comment}
                {entry.internal ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t('console.review.internal')}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A POST of the page, its failure shown where it was asked. */
export function usePost(onDone: () => void) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const run = async (post: () => Promise<StaffResult<unknown>>): Promise<boolean> => {
    setState({ busy: true, error: null });
    const answer = await post();
    setState({ busy: false, error: answer.ok ? null : answer.error });
    if (answer.ok) onDone();
    return answer.ok;
  };
  return { ...state, run };
}

export function NotesSection({
  applicationId,
  notes,
  mayWrite,
  csrfToken,
  onChanged,
}: {
  applicationId: number;
  notes: readonly ReviewNote[];
  mayWrite: boolean;
  csrfToken: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const [body, setBody] = useState('');
  const post = usePost(onChanged);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    const sent = await post.run(() =>
      api.post(`staff/applications/${applicationId}/notes`, { body: body.trim() }, csrfToken),
    );
    if (sent) setBody('');
  };
  return (
    <Stack spacing={1.5}>
      {notes.length === 0 ? (
        <Typography variant="body2">{t('console.review.noNotes')}</Typography>
      ) : (
        <List dense disablePadding>
          {notes.map((note, index) => (
            <ListItem key={note.id ?? index} disableGutters divider>
              <ListItemText
                primary={note.body}
                secondary={`${note.author} · ${formatDate(note.created_at)}`}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {mayWrite ? (
        <Box component="form" onSubmit={(event) => void submit(event)}>
          <Stack spacing={1}>
            <TextInput
              label={t('console.review.newNote')}
              multiline
              minRows={2}
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
            {post.error ? (
              <Alert severity="error" role="alert">
                {post.error}
              </Alert>
            ) : null}
            <Button
              type="submit"
              variant="outlined"
              disabled={post.busy || !body.trim()}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('console.review.addNote')}
            </Button>
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

export function AssignmentSection({
  applicationId,
  assignee,
  me,
  mayWrite,
  csrfToken,
  onChanged,
}: {
  applicationId: number;
  assignee: string | null;
  me: string;
  mayWrite: boolean;
  csrfToken: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const api = useStaffApi();
  const colleagueId = useId();
  const [colleague, setColleague] = useState('');
  const post = usePost(onChanged);
  const assign = (name: string | null) =>
    post.run(() => api.post(`staff/applications/${applicationId}/assignment`, { assignee: name }, csrfToken));
  const handOver = async (event: FormEvent) => {
    event.preventDefault();
    if (colleague.trim() && (await assign(colleague.trim()))) setColleague('');
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        {assignee ? t('console.review.assignedTo', { name: assignee }) : t('console.queue.unassigned')}
      </Typography>
      {mayWrite ? (
        <>
          <Stack direction="row" spacing={1}>
            {assignee !== me ? (
              <Button variant="outlined" size="small" disabled={post.busy} onClick={() => void assign(me)}>
                {t('console.review.take')}
              </Button>
            ) : null}
            {assignee ? (
              <Button size="small" disabled={post.busy} onClick={() => void assign(null)}>
                {t('console.review.release')}
              </Button>
            ) : null}
          </Stack>
          <Box component="form" onSubmit={(event) => void handOver(event)}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextInput
                id={colleagueId}
                size="small"
                label={t('console.review.colleague')}
                value={colleague}
                onChange={(event) => setColleague(event.target.value)}
              />
              <Button type="submit" size="small" variant="outlined" disabled={post.busy || !colleague.trim()}>
                {t('console.review.assign')}
              </Button>
            </Stack>
          </Box>
          {post.error ? (
            <Alert severity="error" role="alert">
              {post.error}
            </Alert>
          ) : null}
        </>
      ) : null}
      {mayWrite ? null : (
        <Typography variant="body2" color="text.secondary">
          {t('console.review.readOnly')}
        </Typography>
      )}
    </Stack>
  );
}
