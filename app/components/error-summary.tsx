import { useEffect, useRef } from 'react';
import { Alert, AlertTitle, Link } from '@mui/material';
import { useTranslation } from '../../engine/react';

/** A field's error: a message key, or a key with the values its text names (a range). */
export type FieldMessage = string | { key: string; values: Record<string, string | number> };

/** The text of a field's error in the interface language. */
export function messageText(
  t: (key: string, values?: Record<string, string | number>) => string,
  message: FieldMessage,
) {
  return typeof message === 'string' ? t(message) : t(message.key, message.values);
}

/**
 * What a failed submit of a page's form says first: a summary of its problems, each linking to its
 * field, which takes the focus (a screen reader reads it; a keyboard user goes on from there) every
 * time a submit is refused (`attempt` counts the refusals). Inside a dialog it sits at the top of
 * the content, under the title, which stays in view.
 */
export function ErrorSummary({
  errors,
  labels,
  idOf,
  attempt,
}: {
  /** Field -> its error (fields without one are left out). */
  errors: Partial<Record<string, FieldMessage>>;
  /** Field -> its label as shown. */
  labels: Partial<Record<string, string>>;
  /** The id of a field's control, to link to and focus. */
  idOf: (field: string) => string;
  attempt: number;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const problems = Object.entries(errors).filter((entry): entry is [string, FieldMessage] => Boolean(entry[1]));
  const shown = problems.length > 0;
  const shownNow = useRef(shown);
  shownNow.current = shown;
  // Only a new refusal moves the focus; fixing fields one by one leaves it where the user is.
  useEffect(() => {
    if (attempt > 0 && shownNow.current) ref.current?.focus();
  }, [attempt]);
  if (!shown) return null;
  return (
    <Alert severity="error" ref={ref} tabIndex={-1} aria-labelledby="error-summary-title" sx={{ mb: 2 }}>
      <AlertTitle id="error-summary-title">{t('common.errorSummary')}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 16 }}>
        {problems.map(([field, message]) => (
          <li key={field}>
            <Link
              href={`#${idOf(field)}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(idOf(field))?.focus();
              }}
            >
              {labels[field] ?? field}: {messageText(t, message)}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
