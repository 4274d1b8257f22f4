import { applicationFacts, type ApplicationFacts } from '../core/application-facts';
import type { ServiceDefinition } from '../core/definition-types';
import { factFieldsOf } from '../core/api-types';
import { factValues } from '../core/lifecycle';
import { statusesOf } from '../core/transitions';
import type { ApplicationDetails } from './wizard-types';

/**
 * What the conditions of a service read about an application, from its `application/{id}` answer:
 * its status and flags, and the stage facts its service declares (the answer carries them by name).
 */
export function answeredFacts(
  definition: Pick<ServiceDefinition, 'lifecycle'>,
  application: ApplicationDetails,
): ApplicationFacts {
  return applicationFacts(
    {
      status_id: application.application_status_id,
      manually_processed: application.manually_processed,
      final_certificate_uploaded: application.final_certificate_uploaded,
    },
    factValues(definition, factFieldsOf(application)),
    statusesOf(definition),
  );
}
