// @module-tag dialect-free: no database.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachmentLabels, labelsFor, lookupLabel, readReferenceLabels, serviceLabels } from './reference-labels';

function lookupsDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'labels-'));
  mkdirSync(join(dir, 'i18n'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, 'i18n', name), JSON.stringify(content));
  return dir;
}

const de = {
  lookups: { 'quantity-measures': { Pieces: 'Stück' } },
  services: { '1': { name: 'Genehmigung', description: 'Für Kunststoffe' } },
  attachments: { Invoice: { name: 'Rechnung', description: 'Vom Lieferanten' } },
};
const es = { lookups: { 'quantity-measures': { Pieces: 'Piezas' } }, services: {}, attachments: {} };

describe('reference labels', () => {
  it('picks the first language of Accept-Language that has translations, by quality', () => {
    const labels = readReferenceLabels(lookupsDir({ 'de.json': de, 'es.json': es }));
    expect(labelsFor(labels, 'de')).toEqual(de);
    expect(labelsFor(labels, 'de-CH, es;q=0.5')).toEqual(de);
    expect(labelsFor(labels, 'fr, es;q=0.9, de;q=0.8')).toEqual(es);
    expect(labelsFor(labels, 'es;q=0.2, de;q=0.8')).toEqual(de);
    // English first, an unknown language only, no header, a refused language: English (no labels).
    expect(labelsFor(labels, 'en, de')).toBeUndefined();
    expect(labelsFor(labels, 'fr')).toBeUndefined();
    expect(labelsFor(labels, undefined)).toBeUndefined();
    expect(labelsFor(labels, 'de;q=0')).toBeUndefined();
  });

  it('labels an entry and a service, keeping the English text where none is given', () => {
    const labels = readReferenceLabels(lookupsDir({ 'de.json': de }));
    const german = labelsFor(labels, 'de');
    if (!german) throw new Error('no German labels');
    expect(lookupLabel(german, 'quantity-measures', 'Pieces')).toBe('Stück');
    expect(lookupLabel(german, 'quantity-measures', 'Kilograms')).toBe('Kilograms');
    expect(serviceLabels(german, { id: 1, name: 'Authorization', description: 'For plastics' })).toEqual({
      label: 'Genehmigung',
      description_label: 'Für Kunststoffe',
    });
    expect(serviceLabels(german, { id: 2, name: 'Disposal', description: null })).toEqual({
      label: 'Disposal',
      description_label: null,
    });
  });

  it('labels a service attachment, its English name staying what uploads are filed under', () => {
    const german = labelsFor(readReferenceLabels(lookupsDir({ 'de.json': de })), 'de');
    if (!german) throw new Error('no German labels');
    expect(attachmentLabels(german, { name: 'Invoice', description: 'From the supplier', info: 'A scan' })).toEqual({
      label: 'Rechnung',
      description_label: 'Vom Lieferanten',
      // No translated hint: the English one stays.
      info_label: 'A scan',
    });
    expect(attachmentLabels(german, { name: 'Permit', description: 'The permit', info: null })).toEqual({
      label: 'Permit',
      description_label: 'The permit',
      info_label: null,
    });
    // A file written before documents were translated reads as none translated.
    const older = labelsFor(readReferenceLabels(lookupsDir({ 'de.json': { lookups: {}, services: {} } })), 'de');
    expect(older?.attachments).toEqual({});
  });

  it('reads no folder as English only and refuses a malformed file naming it', () => {
    expect(readReferenceLabels(mkdtempSync(join(tmpdir(), 'labels-'))).size).toBe(0);
    expect(() => readReferenceLabels(lookupsDir({ 'it.json': { lookups: { x: { A: '' } }, services: {} } }))).toThrow(
      /it\.json: lookups\.x\.A/,
    );
  });
});
