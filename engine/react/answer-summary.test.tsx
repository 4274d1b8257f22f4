// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { localizeDefinition } from '../core/localize-definition';
import { sectionedGerman, sectionedTestDefinition, testDefinition } from '../core/test-definition';
import { ConfirmStep } from './confirm-step';
import { ReadOnlyApplication } from './read-only-application';
import { WithI18n } from './test-support';

afterEach(cleanup);

const answers = {
  applicant: { full_name: 'Amina Uwase', applicant_kind: 'natural-less', contact: { email: 'amina@example.rw' } },
  site: { district: 'Gasabo', zone: 'C', protected_area: false, buffer_metres: 250 },
  activities: [{ activity: 'storage', scale: 'Small', tonnes: 12 }, {}, { activity: 'transport', scale: 'Large' }],
  declared: true,
};

function confirmStep(definition = sectionedTestDefinition(), formData: Record<string, unknown> = answers) {
  return (
    <WithI18n>
      <ConfirmStep
        definition={definition}
        formData={formData}
        optionNames={{}}
        slots={[]}
        files={{}}
        progress={{}}
        working={false}
      />
    </WithI18n>
  );
}

function view(definition = sectionedTestDefinition()) {
  return (
    <WithI18n>
      <ReadOnlyApplication
        definition={definition}
        application={{ sample: answers }}
        attachments={[]}
        onDownload={() => undefined}
      />
    </WithI18n>
  );
}

/** What a summary shows: each section's heading and each table by its name, with its rows' texts. */
function shown(container: HTMLElement): string[] {
  return [...container.querySelectorAll('h3, h4, table')].map((element) =>
    element.tagName === 'TABLE'
      ? `${element.getAttribute('aria-label') ?? ''}: ${[...element.querySelectorAll('tr')]
          .map((row) => [...row.children].map((cell) => cell.textContent).join(' | '))
          .join(' / ')}`
      : `${element.tagName.toLowerCase()} ${element.textContent ?? ''}`,
  );
}

describe('the answers of a form made of sections', () => {
  it('are shown by the confirm step section by section, choices by their titles, rows as a table', async () => {
    const { container } = render(confirmStep());
    await screen.findByRole('heading', { name: 'Applicant' });
    expect(shown(container)).toEqual([
      'h3 Applicant',
      'Applicant: Kind of applicant | Natural person, fewer than ten staff / Full name | Amina Uwase',
      'h4 Contact',
      'Contact: E-mail | amina@example.rw',
      'h3 Site',
      'Site: District | Gasabo / Zone | Commercial / Inside a protected area | No / Distance to the buffer zone (m) | 250',
      'h3 Activities',
      'Activities: Activity | Scale | Tonnes a year / Storage of waste | Small | 12 / Transport of waste | Large | ',
      'Summary of the application: The answers are true | Yes',
      'h3 Documents to upload',
    ]);
  });

  it('are shown the same way by the read-only view, and in another language', async () => {
    const { container } = render(view());
    const details = shown(container);
    cleanup();
    const confirm = render(confirmStep());
    await screen.findByRole('heading', { name: 'Applicant' });
    // The sections and the rows say the same as the confirm step; the last answer is the view's own row.
    expect(details.slice(0, 7)).toEqual(shown(confirm.container).slice(0, 7));
    cleanup();

    const german = localizeDefinition(sectionedTestDefinition(), (text) => sectionedGerman[text] ?? text);
    render(view(german));
    const site = screen.getByRole('table', { name: 'Standort' });
    expect(within(site).getByText('Zone').nextSibling?.textContent).toBe('Gewerbegebiet');
    expect(
      within(screen.getByRole('table', { name: 'Antragsteller' })).getByText('Art des Antragstellers').nextSibling
        ?.textContent,
    ).toBe('Natürliche Person, weniger als zehn Beschäftigte');
    const rows = screen.getByRole('table', { name: 'Tätigkeiten' });
    expect(
      within(rows)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Lagerung von Abfällen', 'Klein', '12', 'Beförderung von Abfällen', 'Groß', '']);
  });

  it('leave a flat form one table of answers, without headings', async () => {
    const { container } = render(confirmStep(testDefinition(), { kind_id: 0, mode: 'fast', done: true }));
    await screen.findByRole('table', { name: 'Summary of the application' });
    expect(shown(container)).toEqual([
      'Summary of the application: Mode | Fast lane / Kind | Other / Done | Yes',
      'h3 Documents to upload',
    ]);
  });
});
