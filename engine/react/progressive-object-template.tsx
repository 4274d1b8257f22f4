/**
 * RJSF's object template (MUI theme) drawing a long list of fields over a few tasks: the first
 * fields in the form's first render, the rest a few at a time when the page is idle after it. A form
 * of 46 fields drawn in one task kept the page from taking input for that whole task; this way the
 * first field takes typing while the ones below the fold are still being drawn. Short objects (a row,
 * an address) render whole at once.
 *
 * It draws the theme's markup itself (title, description, the grid of fields, the add button of an
 * expandable object: the same elements, classes and ids as RJSF's MUI `ObjectFieldTemplate`) rather
 * than wrapping that template: one component less at every level of a form's objects, above every
 * field (each is a step of React's walk for each event a key fires in a field, quiet-typing.ts).
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import Grid from '@mui/material/Grid';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  buttonId,
  canExpand,
  descriptionId,
  getTemplate,
  getUiOptions,
  titleId,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
} from '@rjsf/utils';
import type { FormData, ServiceFormContext } from './form-context';

/**
 * Fields drawn in the first render: those a phone's screen shows below the wizard's header, and the
 * top of a laptop's; the rest follow within a frame or two, before anyone scrolls.
 */
export const FIRST_FIELDS = 3;
/** Fields added per following task: each task stays short, so typed keys are taken in between. */
export const FIELDS_PER_TASK = 4;
/** The longest a following task waits for an idle moment. */
const LATEST_MS = 200;
/**
 * The theme's space between fields (1.25, 10 px; RJSF's MUI object template puts it below each
 * field), more than the 9 px a shrunk outlined label rises above its field.
 */
const LABEL_ROOM = 1.25;

/**
 * Runs `task` when the page is idle (input and its frames first), within LATEST_MS at the latest, or
 * in the next task where the browser has no idle callbacks; answers the function that cancels it.
 */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: LATEST_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}

type Props = ObjectFieldTemplateProps<FormData, RJSFSchema, ServiceFormContext>;

/** Props of a grid slot as `ui:options.mui.rjsfSlotProps` gives them (see @rjsf/mui's `getMuiProps`). */
interface SlotProps {
  sx?: SxProps<Theme>;
  [prop: string]: unknown;
}

interface GridSlots {
  objectGridContainer?: SlotProps;
  objectGridItem?: SlotProps;
  objectAddButtonGridContainer?: SlotProps;
  objectAddButtonGridItem?: SlotProps;
}

/** The theme's own `sx` of a slot, with the slot's `sx` after it (@rjsf/mui's `computeSxProps`). */
function slotSx(own: Record<string, unknown>, slot: SlotProps | undefined): SxProps<Theme> {
  const extra = slot?.sx;
  if (!extra) return own as SxProps<Theme>;
  if (Array.isArray(extra)) return [own, ...(extra as unknown[])] as SxProps<Theme>;
  return { ...own, ...(extra as Record<string, unknown>) } as SxProps<Theme>;
}

/**
 * Each field of a long object is drawn by the browser only when near the screen (CSS
 * `content-visibility: auto`; `auto 80px` keeps a field's last drawn height, and guesses 80 pixels
 * before): a key typed into one field then costs the browser the fields in view, not all of them.
 * The fields stay in the page's text and its accessibility tree, and find-in-page finds them.
 *
 * `content-visibility: auto` also clips what a field paints outside its box, and the shrunk label of
 * an outlined field or select sits 9 px above the field (over its border): so the space the theme
 * keeps below each field (`mb` 10 px) is kept above it instead, inside the field's box, and the label
 * shows whole. Fields keep their distances; the grid moves the first field's space to its own end.
 */
const FIELD_OFF_SCREEN = {
  sx: { contentVisibility: 'auto', containIntrinsicSize: 'auto 80px', mb: 0, pt: LABEL_ROOM },
};
/** The grid of such fields: the first field's room above replaces the grid's top margin. */
const GRID_OF_OFF_SCREEN_FIELDS = { sx: { mt: 0, mb: LABEL_ROOM } };

/** The object's fields, the later ones added task by task; once complete, every field shows at once. */
export function ProgressiveObjectTemplate(props: Props) {
  const { description, title, properties, required, disabled, readonly, uiSchema, fieldPathId } = props;
  const { schema, formData, optionalDataControl, onAddProperty, registry } = props;
  const total = properties.length;
  const long = total > FIRST_FIELDS;
  // Infinity once every field has been drawn: fields a condition adds later show at once.
  const [shown, setShown] = useState(() => (total > FIRST_FIELDS ? FIRST_FIELDS : Infinity));
  const complete = shown >= total;
  const drawing = registry.formContext.drawing;
  // Before the first paint, so nothing below the form is offered before it is whole.
  useLayoutEffect(() => (complete ? undefined : drawing?.start()), [complete, drawing]);
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => setShown((count) => (count + FIELDS_PER_TASK >= total ? Infinity : count + FIELDS_PER_TASK)));
  }, [shown, total]);

  const uiOptions = getUiOptions<FormData, RJSFSchema, ServiceFormContext>(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, uiOptions);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const showOptionalDataControlInTitle = !readonly && !disabled;
  const slots = ((uiOptions.mui as { rjsfSlotProps?: GridSlots } | undefined)?.rjsfSlotProps ?? {}) as GridSlots;
  // A long object's fields are drawn only near the screen, unless the uiSchema says otherwise.
  const container = slots.objectGridContainer ?? (long ? GRID_OF_OFF_SCREEN_FIELDS : undefined);
  const item = slots.objectGridItem ?? (long ? FIELD_OFF_SCREEN : undefined);
  const { objectAddButtonGridContainer: addContainer, objectAddButtonGridItem: addItem } = slots;
  const drawn = complete ? properties : properties.slice(0, shown);
  return (
    <>
      {title ? (
        <TitleFieldTemplate
          id={titleId(fieldPathId)}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
          optionalDataControl={showOptionalDataControlInTitle ? optionalDataControl : undefined}
        />
      ) : null}
      {description ? (
        <DescriptionFieldTemplate
          id={descriptionId(fieldPathId)}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      ) : null}
      <Grid container spacing={2} {...container} sx={slotSx({ mt: 1.25 }, container)}>
        {showOptionalDataControlInTitle ? undefined : optionalDataControl}
        {drawn.map((element) =>
          // A hidden field gets no grid item: the item would still take up room.
          element.hidden ? (
            element.content
          ) : (
            <Grid key={element.name} size={{ xs: 12 }} {...item} sx={slotSx({ mb: 1.25 }, item)}>
              {element.content}
            </Grid>
          ),
        )}
      </Grid>
      {canExpand(schema, uiSchema, formData) ? (
        <Grid container {...addContainer} sx={slotSx({ justifyContent: 'flex-end' }, addContainer)}>
          <Grid {...addItem}>
            <AddButton
              id={buttonId(fieldPathId, 'add')}
              className="rjsf-object-property-expand"
              onClick={onAddProperty}
              disabled={disabled || readonly}
              uiSchema={uiSchema}
              registry={registry}
            />
          </Grid>
        </Grid>
      ) : null}
    </>
  );
}
