import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogueFolders } from '../catalogue-translator';
import { transitionsOf } from '../transitions';
import { loadServicesDir } from './load-services-dir';
import { localizeFromDisk, readServiceCatalogue } from './read-service-catalogue';

const servicesDir = fileURLToPath(new URL('../../../services', import.meta.url));
const { definitions } = loadServicesDir(servicesDir);
const byKey = (key: string) => {
  const definition = definitions.find((candidate) => candidate.key === key);
  if (!definition) throw new Error(`no service '${key}'`);
  return definition;
};
const labelOf = (definition: ReturnType<typeof byKey>, name: string) =>
  transitionsOf(definition).find((row) => row.name === name)?.label;

describe("the catalogues of the platform's lifecycle", () => {
  it('translate every service that includes it: its folder is among their catalogue folders', () => {
    for (const definition of definitions) expect(catalogueFolders(definition), definition.key).toContain('platform');
    const plastics = localizeFromDisk(servicesDir, byKey('plastics'), 'de');
    expect(labelOf(plastics, 'approve')).toBe('Genehmigen');
    expect(labelOf(plastics, 'propose-approval')).toBe('Genehmigung vorschlagen');
    expect(labelOf(localizeFromDisk(servicesDir, byKey('disposal'), 'ru'), 'return')).toBe('Вернуть заявителю');
  });

  it("hold the platform's texts once: a service's catalogue holds its own rows' labels", () => {
    expect(readServiceCatalogue(servicesDir, 'platform', 'es')?.['Propose approval']).toBe('Proponer la aprobación');
    for (const definition of definitions)
      expect(readServiceCatalogue(servicesDir, definition.key, 'es') ?? {}, definition.key).not.toHaveProperty(
        'Propose approval',
      );
    const audit = localizeFromDisk(servicesDir, byKey('environmental-audit'), 'it');
    expect(labelOf(audit, 'approve-tor')).toBe('Approva i ToR');
    // The audit's own row named 'approve' (from its statuses) takes the platform's label, translated.
    expect(
      transitionsOf(audit)
        .filter((row) => row.name === 'approve')
        .map((row) => row.label),
    ).toEqual(['Approva', 'Approva']);
  });

  it('leave English as written', () => {
    expect(labelOf(localizeFromDisk(servicesDir, byKey('plastics'), 'en'), 'approve')).toBe('Approve');
  });
});
