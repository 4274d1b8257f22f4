/**
 * Typing into the form's text fields without React's event system.
 *
 * The form's text fields are uncontrolled while the applicant types (deferred-input-template.tsx):
 * nothing re-renders per key, and the form gets the text when typing pauses. But React still hears
 * every key: it listens at the page's root, and for each event (keydown, keypress, beforeinput,
 * textInput, input, keyup, selectionchange) it walks from the field up through every component above it,
 * capture and bubble, looking for handlers. The wizard's fields sit under some two hundred
 * components (the router, the layout, RJSF's fields and templates, MUI's input), so that walk is most
 * of what a key costs beyond the browser's own work, and more than a shallower react-hook-form page
 * spends.
 *
 * So a field registers here (`quietTyping`): the keys and input events of its typing are stopped at
 * the window, before they go down to the page's root, and the field's own handler runs instead (the
 * deferred edit's timer, the word counter). React hears the field as usual otherwise: focus and blur
 * (which hand the text to the form), the `change` a text field fires on blur, navigation keys (Tab,
 * Enter, Escape, arrows), shortcuts, and the input that empties a field or fills an empty one, which
 * MUI's label needs to move. Listeners below the window on the path of these events (none of the
 * portal's own) miss the typing in registered fields only.
 */

/** What a registered field does on each edit (an input event), given the field. */
export type TypingHandler = (field: HTMLInputElement | HTMLTextAreaElement) => void;

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

function onKey(event: KeyboardEvent): void {
  if (event.target && fields.has(event.target) && isEditingKey(event)) event.stopPropagation();
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
  const active = document.activeElement;
  if (active && fields.has(active)) event.stopPropagation();
}

let installed = false;

/** The window's listeners, once; they act on registered fields only. */
function install(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  for (const type of ['keydown', 'keypress', 'keyup'] as const) window.addEventListener(type, onKey, true);
  // textInput: Chrome's older twin of beforeinput, which React listens to as well.
  for (const type of ['beforeinput', 'textInput', 'input'] as const) window.addEventListener(type, onInput, true);
  // selectionchange fires at the document: a window listener in the capture phase comes first.
  window.addEventListener('selectionchange', onSelectionChange, true);
}

/**
 * Registers `field` for quiet typing with `handle` as its edit handler; answers the function that
 * unregisters it. The handler must do what the field's React onChange does (React runs that one
 * instead, for the edits it still hears).
 */
export function quietTyping(field: HTMLInputElement | HTMLTextAreaElement, handle: TypingHandler): () => void {
  install();
  fields.set(field, { handle, empty: field.value === '' });
  return () => fields.delete(field);
}
