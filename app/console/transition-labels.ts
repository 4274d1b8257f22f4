/**
 * Transitions as the console names them: by the row's `label` (a text of the definition, translated
 * with the service's catalogues and the platform's), else by its name made readable. The server names
 * a transition by its `name` (the button's POST, a history row's `transition`); the label comes from
 * the application's definition, in the reader's language.
 */
import { transitionsOf, type ServiceDefinition } from '../../engine/core';

/** A transition's name made readable, for a row without a label: `approve-tor` -> `Approve tor`. */
export function humanisedName(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the console calls a transition: its label, else its name made readable. */
export function transitionLabel(transition: { name: string; label?: string | null }): string {
  return transition.label || humanisedName(transition.name);
}

/**
 * The label of the transition named `name` in `definition` (the one the application is under, so a
 * history row reads as its button did); its name made readable when the definition has no such row.
 */
export function transitionLabelOf(definition: ServiceDefinition | undefined, name: string): string {
  const row = transitionsOf(definition).find((candidate) => candidate.name === name);
  return transitionLabel(row ?? { name });
}
