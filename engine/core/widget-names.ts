/**
 * Names a `ui.json` may use in `ui:widget`. The registry of components lives in engine/react; the
 * names live here so `services:check` and the server can verify definitions without React.
 */

/** Widgets of the engine itself (ARCHITECTURE.md, "ui.json: widgets"). */
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
