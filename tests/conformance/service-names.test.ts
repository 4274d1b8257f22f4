// @module-tag dialect-free: no database (reference files against definitions).
/**
 * One service, one name: the name the API's service list gives each service (its reference data) is the
 * title of its definition, which the landing page, the dashboard, the view and the certificate show. Only
 * the information page and the wizard may word it as the specification quotes them (`info.title`,
 * `wizard.title`).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitionsFrom } from '../../server/definitions';
import { selectedServices } from '../selected-services';

const services = JSON.parse(
  readFileSync(join(resolve(__dirname, '../../fixtures/lookups'), 'services.json'), 'utf8'),
) as Array<{ id: number; name: string }>;

describe('the name of each service', () => {
  const { definitions } = loadDefinitionsFrom();
  it.each(selectedServices(definitions).map((definition) => [definition.key, definition] as const))(
    '%s is the same in its definition and in the API',
    (_key, definition) => {
      expect(services.find((service) => service.id === definition.id)?.name).toBe(definition.title);
    },
  );
});
