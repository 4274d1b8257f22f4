/**
 * A scaffolded service edited the way an analyst who knows JSON Schema and RJSF writes a form, with
 * standard keywords the scaffold does not use: the applicant is a person or an organisation
 * (object-level `anyOf`, each option with its own fields), free extra details (`additionalProperties`
 * with a bounded schema), a note that appears once a quantity is given (`dependencies`), and rules
 * between fields: the last day after the first (`$data`) and two shares adding up to 100 (`sumOf`). Its texts
 * are translated like any service's. Used by the API test (tests/api/standard-schema.test.ts) and by
 * `npm run test:added-service`, which runs the whole `npm test` on a copy holding it.
 */
import { join } from 'node:path';
import { writeFormattedJson } from '../../scripts/write-formatted-json';
import { addRowsAndTexts, answerEveryFixture, readJson, type Translations } from './service-edits';

const DATE_RANGE = { formatMinimum: '1900-01-01', formatMaximum: '2100-12-31' } as const;

const text = (title: string, maxLength = 200) => ({ type: 'string', title, minLength: 1, maxLength });

/** The texts added, with their translations (German, Italian, Russian, Spanish). */
const TEXTS: Record<string, Translations> = {
  'A person': { de: 'Eine Person', it: 'Una persona', ru: 'Физическое лицо', es: 'Una persona' },
  'An organisation': { de: 'Eine Organisation', it: "Un'organizzazione", ru: 'Организация', es: 'Una organización' },
  'First name': { de: 'Vorname', it: 'Nome', ru: 'Имя', es: 'Nombre' },
  'Last name': { de: 'Nachname', it: 'Cognome', ru: 'Фамилия', es: 'Apellido' },
  'Name of the organisation': {
    de: 'Name der Organisation',
    it: "Nome dell'organizzazione",
    ru: 'Название организации',
    es: 'Nombre de la organización',
  },
  'Give the name of the person or of the organisation': {
    de: 'Geben Sie den Namen der Person oder der Organisation an',
    it: "Indichi il nome della persona o dell'organizzazione",
    ru: 'Укажите имя физического лица или название организации',
    es: 'Indique el nombre de la persona o de la organización',
  },
  'First day of the activity': {
    de: 'Erster Tag der Tätigkeit',
    it: "Primo giorno dell'attività",
    ru: 'Первый день деятельности',
    es: 'Primer día de la actividad',
  },
  'Last day of the activity': {
    de: 'Letzter Tag der Tätigkeit',
    it: "Ultimo giorno dell'attività",
    ru: 'Последний день деятельности',
    es: 'Último día de la actividad',
  },
  'The last day must be after the first day': {
    de: 'Der letzte Tag muss nach dem ersten Tag liegen',
    it: "L'ultimo giorno deve essere successivo al primo",
    ru: 'Последний день должен быть позже первого',
    es: 'El último día debe ser posterior al primero',
  },
  'Share sold locally (%)': {
    de: 'Anteil im Inland verkauft (%)',
    it: 'Quota venduta localmente (%)',
    ru: 'Доля продаж внутри страны (%)',
    es: 'Proporción vendida localmente (%)',
  },
  'Share exported (%)': {
    de: 'Anteil exportiert (%)',
    it: 'Quota esportata (%)',
    ru: 'Доля экспорта (%)',
    es: 'Proporción exportada (%)',
  },
  'The shares must add up to 100': {
    de: 'Die Anteile müssen zusammen 100 ergeben',
    it: 'Le quote devono sommare a 100',
    ru: 'Сумма долей должна быть равна 100',
    es: 'Las proporciones deben sumar 100',
  },
  'Other details': { de: 'Weitere Angaben', it: 'Altri dettagli', ru: 'Другие сведения', es: 'Otros datos' },
  'Note on the quantity': {
    de: 'Hinweis zur Menge',
    it: 'Nota sulla quantità',
    ru: 'Примечание к количеству',
    es: 'Nota sobre la cantidad',
  },
};

/** Valid answers of the edited form, by fixture name (the scaffold's own answers stay valid too). */
export const STANDARD_ANSWERS = {
  common: { first_day: '2026-06-01', last_day: '2026-06-03', share_local: 33.3, share_export: 66.7 },
  person: {
    first_name: 'Alice',
    last_name: 'Uwase',
    extra_details: { colour: 'green', season: 'dry' },
    quantity_note: 'Measured by the cooperative.',
  },
  organisation: { organisation_name: 'Umurage Recycling Cooperative' },
} as const;

/** Adds the standard keywords, their texts, view rows and fixtures to the scaffolded `services/<key>/` under `root`. */
export async function addStandardKeywords(root: string, key: string): Promise<void> {
  const folder = join(root, 'services', key);
  const schema = readJson(join(folder, 'schema.json'));
  schema.anyOf = [
    {
      title: 'A person',
      properties: { first_name: text('First name'), last_name: text('Last name') },
      required: ['first_name', 'last_name'],
    },
    {
      title: 'An organisation',
      properties: { organisation_name: text('Name of the organisation') },
      required: ['organisation_name'],
    },
  ];
  (schema.properties as Record<string, unknown>).extra_details = {
    type: 'object',
    title: 'Other details',
    maxProperties: 5,
    additionalProperties: { type: 'string', maxLength: 200 },
  };
  (schema.errorMessage as Record<string, unknown>).anyOf = 'Give the name of the person or of the organisation';
  // Rules between fields: the last day after the first (a $data reference), shares adding up to 100.
  const day = (title: string) => ({ type: 'string', format: 'date', title, ...DATE_RANGE });
  const share = (title: string) => ({ type: 'number', title, minimum: 0, maximum: 100 });
  Object.assign(schema.properties as Record<string, unknown>, {
    first_day: day('First day of the activity'),
    last_day: {
      ...day('Last day of the activity'),
      formatExclusiveMinimum: { $data: '1/first_day' },
      errorMessage: { formatExclusiveMinimum: 'The last day must be after the first day' },
    },
    share_local: share('Share sold locally (%)'),
    share_export: share('Share exported (%)'),
  });
  schema.sumOf = { fields: ['share_local', 'share_export'], equals: 100 };
  (schema.errorMessage as Record<string, unknown>).sumOf = 'The shares must add up to 100';
  schema.dependencies = { quantity: { properties: { quantity_note: text('Note on the quantity', 500) } } };
  await writeFormattedJson(join(folder, 'schema.json'), schema);

  await addRowsAndTexts(
    folder,
    [
      { label: 'First name', field: 'first_name' },
      { label: 'Last name', field: 'last_name' },
      { label: 'Name of the organisation', field: 'organisation_name' },
      { label: 'Other details', field: 'extra_details' },
      { label: 'Note on the quantity', field: 'quantity_note' },
      { label: 'First day of the activity', field: 'first_day', format: 'date' },
      { label: 'Last day of the activity', field: 'last_day', format: 'date' },
      { label: 'Share sold locally (%)', field: 'share_local', format: 'number' },
      { label: 'Share exported (%)', field: 'share_export', format: 'number' },
    ],
    TEXTS,
  );

  // The scaffold's fixtures answer the new choice as an organisation; two more answer it otherwise.
  const fixtures = join(root, 'fixtures', key);
  await answerEveryFixture(fixtures, { ...STANDARD_ANSWERS.common, ...STANDARD_ANSWERS.organisation });
  const base = readJson(join(fixtures, 'valid', 'fixed-site.json'));
  delete base.organisation_name;
  await writeFormattedJson(join(fixtures, 'valid', 'person.json'), { ...base, ...STANDARD_ANSWERS.person });
  await writeFormattedJson(join(fixtures, 'invalid', 'extra-detail-too-long.json'), {
    data: { ...base, ...STANDARD_ANSWERS.organisation, extra_details: { colour: 'g'.repeat(201) } },
    expect: [{ field: 'extra_details.colour', message: 'must NOT have more than 200 characters' }],
  });
  await writeFormattedJson(join(fixtures, 'invalid', 'last-day-before-first-day.json'), {
    data: { ...base, ...STANDARD_ANSWERS.organisation, last_day: '2026-05-31' },
    expect: [{ field: 'last_day', message: 'The last day must be after the first day' }],
  });
  await writeFormattedJson(join(fixtures, 'invalid', 'shares-not-adding-up.json'), {
    data: { ...base, ...STANDARD_ANSWERS.organisation, share_export: 60 },
    expect: [{ field: '', message: 'The shares must add up to 100' }],
  });
  await writeFormattedJson(join(fixtures, 'invalid', 'neither-person-nor-organisation.json'), {
    data: base,
    expect: [{ field: '', message: 'Give the name of the person or of the organisation' }],
  });
}
