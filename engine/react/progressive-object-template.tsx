/**
 * RJSF's object template (MUI theme) drawing a long list of fields over a few tasks: the first
 * fields in the form's first render, the rest a few at a time when the page is idle after it. A form
 * of 46 fields drawn in one task kept the page from taking input for that whole task; this way the
 * first field takes typing while the ones below the fold are still being drawn. Short objects (a row,
 * an address) render whole at once.
 */
import { useEffect, useLayoutEffect, useMemo, useState, type ComponentType } from 'react';
import { Templates } from '@rjsf/mui';
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
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

// The theme defines it; typed as optional only because a theme may leave any template out.
const BaseObjectTemplate = Templates.ObjectFieldTemplate as ComponentType<Props>;

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

/**
 * `uiSchema` with the long object's fields drawn only near the screen (MUI theme's grid item and
 * container slots).
 */
function offScreenFields(uiSchema: Props['uiSchema']): Props['uiSchema'] {
  const options = (uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>;
  const mui = (options.mui ?? {}) as Record<string, unknown>;
  const slots = (mui.rjsfSlotProps ?? {}) as Record<string, unknown>;
  return {
    ...uiSchema,
    'ui:options': {
      ...options,
      mui: {
        ...mui,
        rjsfSlotProps: { objectGridItem: FIELD_OFF_SCREEN, objectGridContainer: GRID_OF_OFF_SCREEN_FIELDS, ...slots },
      },
    },
  };
}

/** The object's fields, the later ones added task by task; once complete, every field shows at once. */
export function ProgressiveObjectTemplate(props: Props) {
  const total = props.properties.length;
  const long = total > FIRST_FIELDS;
  const uiSchema = useMemo(() => (long ? offScreenFields(props.uiSchema) : props.uiSchema), [long, props.uiSchema]);
  // Infinity once every field has been drawn: fields a condition adds later show at once.
  const [shown, setShown] = useState(() => (total > FIRST_FIELDS ? FIRST_FIELDS : Infinity));
  const complete = shown >= total;
  const drawing = props.registry.formContext.drawing;
  // Before the first paint, so nothing below the form is offered before it is whole.
  useLayoutEffect(() => (complete ? undefined : drawing?.start()), [complete, drawing]);
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => setShown((count) => (count + FIELDS_PER_TASK >= total ? Infinity : count + FIELDS_PER_TASK)));
  }, [shown, total]);
  return (
    <BaseObjectTemplate
      {...props}
      uiSchema={uiSchema}
      properties={shown >= total ? props.properties : props.properties.slice(0, shown)}
    />
  );
}
