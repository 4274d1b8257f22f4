/**
 * Typing into the form's text fields without React's event system, inside an area the portal chooses.
 *
 * The form's text fields are uncontrolled while the applicant types (deferred-input-template.tsx):
 * nothing re-renders per key, and the form gets the text when typing pauses. But React still hears
 * every key: it listens at the page's root, and for each event a key fires at a text field
 * (`QUIET_TYPING_EVENTS`) it walks from the field up through every component above it, looking for
 * handlers, and runs its change, select and before-input plugins on the way back. The wizard's fields
 * sit under some two hundred components (the router, the layout, RJSF's fields and templates, MUI's
 * input), so that work is a good part of what a key costs beyond the browser's own.
 *
 * Two halves, so that nothing happens to a page that did not ask for it:
 *
 * - a field registers (`quietTyping`) with its edit handler, which does what its React onChange does
 *   (the deferred edit's timer, the word counter). Registering changes nothing by itself: outside an
 *   area the field is a plain React field, its onChange runs the same handler;
 * - the portal turns quiet typing on for one element of its own, the form's area (`quietTypingArea`,
 *   or the `QuietTypingArea` component). Only there, listeners of that element (capture phase, so
 *   before the event reaches the field) stop the editing keys and input events of registered fields
 *   and run the field's handler instead. The area is an element inside React's root, so React's
 *   capture pass at the root still sees these events (it only looks for capture handlers, of which
 *   the form has none); its bubbling pass and plugins, the larger part, are skipped.
 *
 * React hears registered fields as usual otherwise: focus and blur (which hand the text to the form),
 * the `change` a text field fires on blur, navigation keys (Tab, Enter, Escape, arrows), shortcuts,
 * and the input that empties a field or fills an empty one, which MUI's label needs to move. Listeners
 * between the area and the field (none of the portal's or the engine's) miss the typing in registered
 * fields. Which events a key fires that React listens to is checked against the installed react-dom
 * (quiet-typing.test.tsx), so a React that starts to listen to another one fails a test.
 */

/** What a registered field does on each edit (an input event), given the field. */
export type TypingHandler = (field: HTMLInputElement | HTMLTextAreaElement) => void;

/**
 * The native events a key typed into a text field fires that React listens to, and so the events an
 * area stops for registered fields: in Chromium's order, keydown, keypress, textInput (Chrome's older
 * twin of beforeinput, which React 19 does not listen to), input, selectionchange (fired at the field,
 * bubbling), keyup. quiet-typing.test.tsx reads the installed react-dom's list and fails when it and
 * this one part ways.
 */
export const QUIET_TYPING_EVENTS = ['keydown', 'keypress', 'keyup', 'textInput', 'input', 'selectionchange'] as const;

interface Registered {
  handle: TypingHandler;
  /** Whether the field was empty after its last edit: an edit that changes it is React's too. */
  empty: boolean;
}

const fields = new WeakMap<EventTarget, Registered>();

/** Keys that edit the text: a character, Backspace, Delete; not with Ctrl, Alt or Meta (shortcuts). */
function isEditingKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return false;
  return event.key.length === 1 || event.key === 'Backspace' || event.key === 'Delete';
}

function onKey(event: Event): void {
  if (event.target && fields.has(event.target) && isEditingKey(event as KeyboardEvent)) event.stopPropagation();
}

function onInput(event: Event): void {
  const field = event.target as HTMLInputElement | HTMLTextAreaElement | null;
  const registered = field ? fields.get(field) : undefined;
  if (!field || !registered) return;
  if (event.type === 'input') {
    const empty = field.value === '';
    if (empty !== registered.empty) {
      // React hears this one (MUI moves the label), and its onChange runs the field's handler.
      registered.empty = empty;
      return;
    }
    registered.handle(field);
  }
  event.stopPropagation();
}

function onSelectionChange(event: Event): void {
  if (event.target && fields.has(event.target)) event.stopPropagation();
}

const LISTENERS: Record<(typeof QUIET_TYPING_EVENTS)[number], (event: Event) => void> = {
  keydown: onKey,
  keypress: onKey,
  keyup: onKey,
  textInput: onInput,
  input: onInput,
  selectionchange: onSelectionChange,
};

/**
 * Turns quiet typing on for the registered fields inside `area` (an element of the portal's, such as
 * the container of its forms): its listeners, in the capture phase, stop the typing of those fields
 * before it goes further down, and run each field's handler instead. Nothing outside `area` changes.
 * Answers the function that turns it off again (the fields are plain React fields then).
 */
export function quietTypingArea(area: HTMLElement): () => void {
  for (const type of QUIET_TYPING_EVENTS) area.addEventListener(type, LISTENERS[type], true);
  return () => {
    for (const type of QUIET_TYPING_EVENTS) area.removeEventListener(type, LISTENERS[type], true);
  };
}

/**
 * Registers `field` for quiet typing with `handle` as its edit handler; answers the function that
 * unregisters it. The handler must do what the field's React onChange does: inside an area
 * (`quietTypingArea`) the area runs it for the edits React does not hear; elsewhere React's onChange
 * runs it for every edit.
 */
export function quietTyping(field: HTMLInputElement | HTMLTextAreaElement, handle: TypingHandler): () => void {
  fields.set(field, { handle, empty: field.value === '' });
  return () => fields.delete(field);
}
