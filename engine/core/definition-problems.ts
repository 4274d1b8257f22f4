/**
 * What the definition loader reports: a problem of a file at a JSON pointer, and the helpers that
 * name those pointers.
 */

/** One problem of a service's files. */
export interface DefinitionProblem {
  /** File relative to `services/`, e.g. `plastics/ui.json`. */
  file: string;
  /** JSON pointer inside the file ('' for the whole file). */
  pointer: string;
  message: string;
}

/** How the checks report a problem: the file (relative to `services/`), the pointer, the message. */
export type Report = (file: string, pointer: string, message: string) => void;

/** Escapes one JSON pointer segment. */
export function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The JSON pointer of `segments`, each escaped. */
export function pointerOf(...segments: Array<string | number>): string {
  return segments.map((s) => `/${pointerSegment(s)}`).join('');
}
