/**
 * Lists of the form (an array field without a widget, e.g. the transit states of a Basel licence) as
 * rows: each item's fields side by side on wide screens or stacked (engine/core/row-layout.ts), an "Add row" button under the rows while the
 * schema's `maxItems` allows one more, and "Delete last row" on the last row while more than the
 * schema's `minItems` remain. How many rows show at first is the schema's `default` (three empty rows
 * are three `{}`), and at least its `minItems` when the list is required. A tuple (`items` as a
 * list) shows each place as a question with its own title, and rows only after them when
 * `additionalItems` takes more. Nothing here knows a service: the schema says everything.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { cloneElement, createContext, isValidElement, useContext, useEffect, useMemo, type ReactElement } from 'react';
import { rowFieldCount, rowLayout } from '../core/row-layout';
import { rowLayoutSx } from './row-layout';
import { useTranslation } from './translation';

/**
 * What a row needs to know of its list: how many leading items are a tuple's places (each a question
 * of its own, with its title, never deleted) and the fewest rows the list may have.
 */
interface ListShape {
  places: number;
  minItems: number;
}

const ListShapeContext = createContext<ListShape>({ places: 0, minItems: 0 });

/**
 * The shape of a list from its schema: `items` as a list is a tuple of that many places. The rows
 * `minItems` asks for are kept on a required list only: an optional one may be left with none.
 */
function listShape(schema: ArrayFieldTemplateProps['schema'], required: boolean | undefined): ListShape {
  return {
    places: Array.isArray(schema.items) ? schema.items.length : 0,
    minItems: required && typeof schema.minItems === 'number' ? schema.minItems : 0,
  };
}

export function RowsArrayTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const { canAdd, disabled, readonly, items, onAddClick, title, uiSchema, schema, fieldPathId, rawErrors } = props;
  const label = (uiSchema?.['ui:title'] as string | undefined) ?? title;
  const description = (uiSchema?.['ui:description'] as string | undefined) ?? schema.description;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const inactive = disabled || readonly;
  const titleId = `${fieldPathId.$id}__title`;
  const { places, minItems } = listShape(schema, props.required);
  // A tuple that takes nothing after its places has no rows to add, nor has a list `addable: false`
  // (a full list keeps its button, disabled, beside the limit it reached).
  const fixed = (places > 0 && !canAdd) || getUiOptions(uiSchema).addable === false;
  // The rows a required list's `minItems` asks for are there from the start, one added per render
  // until they are (each add reads the list the previous one made): the applicant fills them in
  // instead of first finding 'Add row'. A tuple's places are always drawn.
  const missingRow = !inactive && places === 0 && canAdd && items.length < minItems;
  useEffect(() => {
    if (missingRow) onAddClick();
  }, [missingRow, items.length, onAddClick]);
  const shape = useMemo(() => ({ places, minItems }), [places, minItems]);
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
        <ListShapeContext.Provider value={shape}>{items}</ListShapeContext.Provider>
      </Stack>
      {inactive || fixed ? null : (
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
  const { places, minItems } = useContext(ListShapeContext);
  const { children, index, totalItems, buttonsProps, disabled, readonly } = props;
  // A tuple's place is a question of its own: its title is its label ('Latitude'), not 'Row 1'.
  if (index < places) return <Box>{asPlace(children, props.schema.title)}</Box>;
  const last = index === totalItems - 1;
  const active = !disabled && !readonly;
  const canDelete = last && totalItems > minItems && buttonsProps.hasRemove && active;
  // Rows keep their order unless the list asks for `orderable: true` (RJSF's arrows by default would
  // offer moves on lists where order means nothing).
  const listOptions = getUiOptions(props.parentUiSchema);
  const orderable = active && listOptions.orderable === true;
  // Its fields in one line or stacked (engine/core/row-layout.ts): the list's `stack`, else how many they are.
  const layout = rowLayout(listOptions.stack, rowFieldCount(props.schema, props.uiSchema));
  const n = index + 1;
  return (
    <Box
      role="group"
      aria-label={t('rows.row', { n })}
      data-row-layout={layout}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, containerType: 'inline-size' }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {t('rows.row', { n })}
        </Typography>
        <Stack direction="row" spacing={1}>
          {orderable && buttonsProps.hasMoveUp ? (
            <Button size="small" onClick={buttonsProps.onMoveUpItem}>
              {t('rows.moveUp', { n })}
            </Button>
          ) : null}
          {orderable && buttonsProps.hasMoveDown ? (
            <Button size="small" onClick={buttonsProps.onMoveDownItem}>
              {t('rows.moveDown', { n })}
            </Button>
          ) : null}
          {canDelete ? (
            <Button size="small" color="error" onClick={buttonsProps.onRemoveItem}>
              {t('rows.deleteLast')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <Box sx={rowLayoutSx(layout)}>{withoutTitle(children)}</Box>
    </Box>
  );
}

/** A tuple place's field under its own title: RJSF would give it the list's ('Coordinates-1'). */
function asPlace(children: ArrayFieldItemTemplateProps['children'], title: string | undefined) {
  if (!title || !isValidElement(children)) return children;
  const element = children as ReactElement<{ uiSchema?: Record<string, unknown> }>;
  return cloneElement(element, { uiSchema: { 'ui:title': title, ...element.props.uiSchema } });
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
