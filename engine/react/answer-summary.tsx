/**
 * The answers of a form as the confirm step and the read-only view show them (and so the studio's
 * tabs of both): the entries of `summariseAnswers` / `answeredViewSummary` (engine/core/answer-summary.ts)
 * drawn one way. Answers one after another make one label/value table, a section is a heading with
 * its own answers below it, rows are a table with a column per answered field. A form without
 * sections is one label/value table, as it always was.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SummaryAnswer, SummaryEntry } from '../core/answer-summary';
import { LabelledRowsTable, ListTable } from './status-blocks';

/** Heading levels a summary uses: a section's heading, and below it one level deeper, down to h6. */
type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface AnswerSummaryProps {
  /** The accessible name of the answers' table (a section's own table is named by its title). */
  label: string;
  entries: readonly SummaryEntry[];
  /** The level of the headings of the top sections and tables (h3 by default). */
  headingLevel?: HeadingLevel;
}

/** Consecutive answers grouped, so each run of them is one table. */
type Block = { kind: 'answers'; answers: SummaryAnswer[] } | Exclude<SummaryEntry, SummaryAnswer>;

function blocksOf(entries: readonly SummaryEntry[]): Block[] {
  const blocks: Block[] = [];
  for (const entry of entries) {
    const last = blocks.at(-1);
    if (entry.kind !== 'answer') blocks.push(entry);
    else if (last?.kind === 'answers') last.answers.push(entry);
    else blocks.push({ kind: 'answers', answers: [entry] });
  }
  return blocks;
}

export function AnswerSummary({ label, entries, headingLevel = 3 }: AnswerSummaryProps) {
  const blocks = blocksOf(entries);
  // One table of answers alone is drawn as before sections existed: no wrapper around it.
  const only = blocks.length === 1 ? blocks[0] : undefined;
  if (only?.kind === 'answers') return <LabelledRowsTable label={label} rows={only.answers} />;
  const deeper = Math.min(headingLevel + 1, 6) as HeadingLevel;
  return (
    <Stack spacing={2}>
      {blocks.map((block, index) => {
        if (block.kind === 'answers')
          return <LabelledRowsTable key={`answers-${index}`} label={label} rows={block.answers} />;
        const heading = (
          <Typography
            variant={headingLevel <= 3 ? 'subtitle1' : 'subtitle2'}
            component={`h${headingLevel}`}
            sx={{ fontWeight: 600 }}
            gutterBottom
          >
            {block.title}
          </Typography>
        );
        return (
          <Box key={`${block.field}-${index}`} component="section" aria-label={block.title}>
            {heading}
            {block.kind === 'section' ? (
              <AnswerSummary label={block.title} entries={block.entries} headingLevel={deeper} />
            ) : (
              <ListTable label={block.title} columns={block.columns} rows={block.rows} />
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
