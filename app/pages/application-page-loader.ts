import type { ServiceDefinition } from '../../engine/core';
import { lazyNamed } from '../../engine/react';

/**
 * The wizard's code (RJSF, the widgets, the engine's steps), the heaviest part of the portal: loaded
 * only for apply, view and edit routes, and ahead of Apply Now on a service's information page.
 */
export const loadApplicationPage = () => import('./service-application-page');

/** The page of a new, viewed or edited application, which renders at once once its code is loaded. */
export const ServiceApplicationPage = lazyNamed(loadApplicationPage, 'ServiceApplicationPage');

/**
 * Loads what a new application of `definition` needs (the wizard's code and the forms' validators in
 * `language`), so Apply Now opens a ready wizard; resolves true once loaded. A failure resolves
 * false and is left to the page, which loads the same again and shows it.
 */
export function prefetchApplication(definition: ServiceDefinition, language: string): Promise<boolean> {
  return ServiceApplicationPage.preload()
    .then(loadApplicationPage)
    .then((page) => page.loadFormValidators(definition, language))
    .then(
      () => true,
      () => false,
    );
}
