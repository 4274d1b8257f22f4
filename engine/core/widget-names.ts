/**
 * Names a `ui.json` may use in `ui:widget`. The registry of components lives in engine/react; the
 * names live here so `services:check` and the server can verify definitions without React.
 */

/** Widgets of the engine itself (docs/format-rules.md, "ui.json: widgets"). */
export const CUSTOM_WIDGETS = [
  'lookup',
  'company-picker',
  'country',
  'items-checklist',
  'free-items',
  'yes-no',
  'word-limited-textarea',
  'lookup-codes',
] as const;

/** Widgets RJSF ships (names as RJSF registers them, plus the MUI theme's). */
export const BUILTIN_WIDGETS = [
  'text',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'hidden',
  'date',
  'datetime',
  'time',
  'email',
  'uri',
  'url',
  'updown',
  'range',
  'password',
  'file',
  'color',
  'alt-date',
  'alt-datetime',
] as const;

export type CustomWidgetName = (typeof CUSTOM_WIDGETS)[number];
export type BuiltinWidgetName = (typeof BUILTIN_WIDGETS)[number];
export type WidgetName = CustomWidgetName | BuiltinWidgetName;

/** Every known widget name: custom first, then RJSF's. */
export const WIDGET_NAMES: readonly WidgetName[] = [...CUSTOM_WIDGETS, ...BUILTIN_WIDGETS];

const known = new Set<string>(WIDGET_NAMES);

/** True when `name` is a widget the portal can render. */
export function isKnownWidget(name: unknown): name is WidgetName {
  return typeof name === 'string' && known.has(name);
}

/** True when `name` is one of the engine's own widgets (not an RJSF built-in). */
export function isCustomWidget(name: unknown): name is CustomWidgetName {
  return typeof name === 'string' && (CUSTOM_WIDGETS as readonly string[]).includes(name);
}

/**
 * RJSF's widgets by the names of its registry (`RadioWidget`, as its documentation writes them), with
 * the engine's name of each: a ui.json may use either, and the loader writes the engine's name, so
 * the checks, the engine's accessible replacements and RJSF all see one name.
 */
export const RJSF_WIDGET_CLASSES: Readonly<Record<string, BuiltinWidgetName>> = {
  TextWidget: 'text',
  TextareaWidget: 'textarea',
  SelectWidget: 'select',
  RadioWidget: 'radio',
  CheckboxWidget: 'checkbox',
  CheckboxesWidget: 'checkboxes',
  HiddenWidget: 'hidden',
  DateWidget: 'date',
  DateTimeWidget: 'datetime',
  TimeWidget: 'time',
  EmailWidget: 'email',
  URLWidget: 'uri',
  UpDownWidget: 'updown',
  RangeWidget: 'range',
  PasswordWidget: 'password',
  FileWidget: 'file',
  ColorWidget: 'color',
  AltDateWidget: 'alt-date',
  AltDateTimeWidget: 'alt-datetime',
};

/** The fields RJSF registers, the names a `ui:field` may take (the engine adds none of its own). */
export const RJSF_FIELDS = [
  'AnyOfField',
  'ArrayField',
  'BooleanField',
  'LayoutGridField',
  'LayoutHeaderField',
  'LayoutMultiSchemaField',
  'NullField',
  'NumberField',
  'ObjectField',
  'OneOfField',
  'SchemaField',
  'StringField',
] as const;

/** True when `name` is a field RJSF can render for a `ui:field`. */
export function isKnownField(name: unknown): boolean {
  return typeof name === 'string' && (RJSF_FIELDS as readonly string[]).includes(name);
}

/** `ui` with every `ui:widget` written by an RJSF registry name given the engine's name instead. */
export function withEngineWidgetNames(ui: unknown): unknown {
  if (Array.isArray(ui)) return ui.map(withEngineWidgetNames);
  if (typeof ui !== 'object' || ui === null) return ui;
  return Object.fromEntries(
    Object.entries(ui).map(([key, value]) => [
      key,
      key === 'ui:widget' && typeof value === 'string'
        ? (RJSF_WIDGET_CLASSES[value] ?? value)
        : withEngineWidgetNames(value),
    ]),
  );
}
