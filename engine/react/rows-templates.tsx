/**
 * Lists of the form (an array field without a widget, e.g. the transit states of a Basel licence) as
 * rows: each item's fields side by side on wide screens, an "Add row" button under the rows while the
 * schema's `maxItems` allows one more, and "Delete last row" on the last row while more than the
 * schema's `minItems` remain. How many rows show at first is the schema's `default` (three empty rows
 * are three `{}`). Nothing here knows a service: the schema says everything.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from '@rjsf/utils';
import { cloneElement, isValidElement, type ReactElement } from 'react';
import { useTranslation } from './translation';

/** Fields of one row side by side from `sm` up (the MUI theme stacks an object's fields). */
const ROW_LAYOUT = {
  '& .MuiGrid-container': { flexWrap: { sm: 'nowrap' }, columnGap: 2 },
  '& .MuiGrid-container > .MuiGrid-root': { flex: { sm: '1 1 0' }, minWidth: 0, mb: 0 },
} as const;

export function RowsArrayTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const { canAdd, disabled, readonly, items, onAddClick, title, uiSchema, schema, fieldPathId, rawErrors } = props;
  const label = (uiSchema?.['ui:title'] as string | undefined) ?? title;
  const description = (uiSchema?.['ui:description'] as string | undefined) ?? schema.description;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const inactive = disabled || readonly;
  const titleId = `${fieldPathId.$id}__title`;
  return (
    <Box component="fieldset" aria-labelledby={titleId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography id={titleId} component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      ) : null}
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {items}
      </Stack>
      {inactive ? null : (
        <Stack direction="row" spacing={2} sx={{ mt: 1.5, alignItems: 'center' }}>
          <Button variant="outlined" size="small" onClick={onAddClick} disabled={!canAdd}>
            {t('rows.add')}
          </Button>
          {max !== undefined ? (
            <Typography variant="body2" color="text.secondary">
              {t('rows.max', { count: max })}
            </Typography>
          ) : null}
        </Stack>
      )}
      {rawErrors && rawErrors.length > 0 ? (
        <FormHelperText error role="alert">
          {rawErrors.join(' ')}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

export function RowItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { t } = useTranslation();
  const { children, index, totalItems, buttonsProps, disabled, readonly } = props;
  const last = index === totalItems - 1;
  const canDelete = last && buttonsProps.hasRemove && !disabled && !readonly;
  return (
    <Box
      role="group"
      aria-label={t('rows.row', { n: index + 1 })}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {t('rows.row', { n: index + 1 })}
        </Typography>
        {canDelete ? (
          <Button size="small" color="error" onClick={buttonsProps.onRemoveItem}>
            {t('rows.deleteLast')}
          </Button>
        ) : null}
      </Stack>
      <Box sx={ROW_LAYOUT}>{withoutTitle(children)}</Box>
    </Box>
  );
}

/**
 * The row's fields without the title RJSF gives each item ("Transit states-1"): the row caption
 * already numbers it. `ui:label: false` is RJSF's own way to leave an object's title out.
 */
function withoutTitle(children: ArrayFieldItemTemplateProps['children']) {
  if (!isValidElement(children)) return children;
  const element = children as ReactElement<{ uiSchema?: Record<string, unknown> }>;
  return cloneElement(element, { uiSchema: { ...element.props.uiSchema, 'ui:label': false } });
}
