/**
 * The API answers a prerendered page was drawn with. The build renders the public pages and the
 * services' information pages to HTML with the answers of the reference data (the services list, a
 * service's documents), and writes those answers into the page (`<script type="application/json"
 * id="prerendered-answers">`: API path -> data), so the page's first render in the browser reads what
 * the HTML shows and hydrates without a change. Pages then ask the API again and show any newer
 * answer. The same store serves the build's rendering (`setPrerenderedAnswers`).
 */
export const PRERENDERED_ANSWERS_ID = 'prerendered-answers';

let answers: Record<string, unknown> | undefined;

/** The answers the page carries (none outside a browser or in a page built without them). */
function readFromPage(): Record<string, unknown> {
  const element = globalThis.document?.getElementById(PRERENDERED_ANSWERS_ID);
  if (!element?.textContent) return {};
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The data of `path` the page was prerendered with, or undefined. */
export function prerenderedAnswer(path: string): unknown {
  answers ??= readFromPage();
  return answers[path];
}

/** Every answer the page was prerendered with: path -> data. */
export function prerenderedAnswers(): Readonly<Record<string, unknown>> {
  answers ??= readFromPage();
  return answers;
}

/** Sets the answers a page is rendered with (the build's prerender). */
export function setPrerenderedAnswers(next: Record<string, unknown>): void {
  answers = next;
}

/**
 * The answers as the page's data element: JSON with `<` escaped, so no text of an answer can close
 * the element or open another.
 */
export function prerenderedAnswersElement(data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRERENDERED_ANSWERS_ID}">${json}</script>`;
}
