// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { testDefinition } from '../../engine/core/test-definition';
import { fakeApi, ok, renderPage } from '../test-utils';
import { ServiceInfoPage } from './service-info-page';

afterEach(cleanup);

/** The documents listed: name and what the chip says. */
async function listedDocuments(): Promise<Array<[string, string]>> {
  const section = (await screen.findByRole('heading', { name: 'Required documents' })).closest('section');
  if (!section) throw new Error('no documents section');
  return within(section)
    .getAllByRole('listitem')
    .map((item) => {
      const chip = item.querySelector('.MuiChip-label')?.textContent ?? '';
      const primary = item.querySelector('.MuiListItemText-primary')?.textContent ?? '';
      const name = primary.slice(0, primary.length - chip.length);
      return [name, chip];
    });
}

const EXTRA = [
  { name: 'Legal document', accept: ['pdf' as const], required: true },
  {
    name: 'EIA report',
    accept: ['pdf' as const],
    required: true,
    when: { properties: { has_eia: { const: true } }, required: ['has_eia'] },
  },
  { name: 'Draft ToR', accept: ['pdf' as const] },
];

describe('ServiceInfoPage', () => {
  it("lists the definition's own documents, each mandatory, when it applies or optional, without the authority's list", async () => {
    const definition = testDefinition({ documents: { accept: ['pdf'], serviceAttachments: false, extra: EXTRA } });
    const api = fakeApi({});
    renderPage(<ServiceInfoPage definition={definition} />, { api, at: '/sample' });
    expect(await listedDocuments()).toEqual([
      ['Legal document', 'Mandatory'],
      ['EIA report', 'When it applies'],
      ['Draft ToR', 'Optional'],
    ]);
    expect(api.calls.map((c) => c.path)).not.toContain('service/attachments/90');
  });

  it("lists the authority's documents for the service, then the definition's own", async () => {
    const definition = testDefinition({
      documents: { accept: ['pdf'], serviceAttachments: true, extra: [EXTRA[0]!] },
    });
    const api = fakeApi({
      'GET service/attachments/90': () =>
        ok([{ id: 1, name: 'Company registration certificate', is_mandatory: 1, description: null, info: null }]),
    });
    renderPage(<ServiceInfoPage definition={definition} />, { api, at: '/sample' });
    await screen.findByText('Company registration certificate');
    expect(await listedDocuments()).toEqual([
      ['Company registration certificate', 'Mandatory'],
      ['Legal document', 'Mandatory'],
    ]);
  });

  it('names the documents in the language they were asked in, from the list and the translated definition', async () => {
    const definition = testDefinition({
      documents: {
        accept: ['pdf'],
        serviceAttachments: true,
        extra: [
          {
            name: 'Legal document',
            accept: ['pdf'],
            required: true,
            label: 'Юридический документ',
          } as (typeof EXTRA)[0],
        ],
      },
    });
    const api = fakeApi({
      'GET service/attachments/90': () =>
        ok([
          {
            id: 1,
            name: 'Company registration certificate',
            label: 'Свидетельство о регистрации компании',
            is_mandatory: 1,
            description: 'Certificate of incorporation',
            description_label: 'Свидетельство о создании',
            info: null,
            info_label: null,
          },
        ]),
    });
    renderPage(<ServiceInfoPage definition={definition} />, { api, at: '/sample' });
    await screen.findByText('Свидетельство о регистрации компании');
    expect(await listedDocuments()).toEqual([
      ['Свидетельство о регистрации компании', 'Mandatory'],
      ['Юридический документ', 'Mandatory'],
    ]);
    expect(screen.getByText('Свидетельство о создании')).toBeTruthy();
    expect(screen.queryByText('Certificate of incorporation')).toBeNull();
  });

  it('says so when no document is asked for', async () => {
    const definition = testDefinition({ documents: { accept: ['pdf'], serviceAttachments: false } });
    renderPage(<ServiceInfoPage definition={definition} />, { api: fakeApi({}), at: '/sample' });
    expect(await screen.findByText('No documents are required.')).toBeTruthy();
  });

  it('offers the choice between sibling services as links to their pages, the current one marked', async () => {
    const definition = testDefinition({ documents: { accept: ['pdf'], serviceAttachments: false } });
    const choice = {
      label: 'Type of licence',
      options: [
        { key: 'export-licence', title: 'Export License', route: '/licensing-export', current: true },
        { key: 'import-licence', title: 'Import License', route: '/licensing-import', current: false },
      ],
    };
    renderPage(<ServiceInfoPage definition={definition} choice={choice} />, { api: fakeApi({}), at: '/sample' });
    const nav = await screen.findByRole('navigation', { name: 'Type of licence' });
    const links = within(nav).getAllByRole('link');
    expect(
      links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]),
    ).toEqual([
      ['Export License', '/licensing-export', 'page'],
      ['Import License', '/licensing-import', null],
    ]);
  });
});
