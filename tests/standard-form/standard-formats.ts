/**
 * A scaffolded service edited with the formats and list shapes of standard JSON Schema that an
 * analyst who knows RJSF writes: a time of day (`format: "time"`, with its offset from UTC), an
 * opening time (`iso-time`, the clock alone), a moment (`date-time`), an e-mail address, a web address,
 * a reference (`uuid`), a duration, a place as a tuple (latitude, longitude) and a required list of
 * helpers whose `minItems` row the applicant fills in. Its texts are translated like any service's.
 * Used by the browser test that fills them in and reads them back from the server
 * (tests/e2e/standard-formats.test.ts) and by `npm run test:added-service`, whose conformance suite
 * takes the fixtures written here through the engine and the real API.
 */
import { join } from 'node:path';
import { writeFormattedJson } from '../../scripts/write-formatted-json';
import { addRowsAndTexts, answerEveryFixture, readJson, type Translations } from './service-edits';

/** The texts added, with their translations (German, Italian, Russian, Spanish). */
const TEXTS: Record<string, Translations> = {
  'Time the burning starts': {
    de: 'Uhrzeit des Beginns der Verbrennung',
    it: "Ora d'inizio della combustione",
    ru: 'Время начала сжигания',
    es: 'Hora de inicio de la quema',
  },
  'Opening time of the site': {
    de: 'Öffnungszeit des Geländes',
    it: 'Orario di apertura del sito',
    ru: 'Время открытия площадки',
    es: 'Hora de apertura del sitio',
  },
  'Neighbours notified at': {
    de: 'Nachbarn benachrichtigt am',
    it: 'Vicini avvisati il',
    ru: 'Соседи уведомлены',
    es: 'Vecinos avisados el',
  },
  'Contact e-mail': {
    de: 'Kontakt-E-Mail',
    it: 'E-mail di contatto',
    ru: 'Контактный e-mail',
    es: 'Correo de contacto',
  },
  'Website of the applicant': {
    de: 'Website des Antragstellers',
    it: 'Sito web del richiedente',
    ru: 'Сайт заявителя',
    es: 'Sitio web del solicitante',
  },
  'Reference of the fire service notice': {
    de: 'Aktenzeichen der Meldung an die Feuerwehr',
    it: 'Riferimento della notifica ai vigili del fuoco',
    ru: 'Номер уведомления пожарной службы',
    es: 'Referencia del aviso a los bomberos',
  },
  'Expected duration': {
    de: 'Erwartete Dauer',
    it: 'Durata prevista',
    ru: 'Ожидаемая продолжительность',
    es: 'Duración prevista',
  },
  'Location of the burning': {
    de: 'Ort der Verbrennung',
    it: 'Luogo della combustione',
    ru: 'Место сжигания',
    es: 'Lugar de la quema',
  },
  Latitude: { de: 'Breitengrad', it: 'Latitudine', ru: 'Широта', es: 'Latitud' },
  Longitude: { de: 'Längengrad', it: 'Longitudine', ru: 'Долгота', es: 'Longitud' },
  'People supervising the burning': {
    de: 'Aufsichtspersonen der Verbrennung',
    it: 'Persone che sorvegliano la combustione',
    ru: 'Лица, контролирующие сжигание',
    es: 'Personas que supervisan la quema',
  },
  'Name of the person': { de: 'Name der Person', it: 'Nome della persona', ru: 'Имя лица', es: 'Nombre de la persona' },
};

/** Answers to the added questions, as the server stores them (the time from an applicant at UTC+02:00). */
export const FORMAT_ANSWERS = {
  burning_time: '10:30:00+02:00',
  opening_time: '08:00:00',
  neighbours_notified_at: '2026-12-01T07:15:00.000Z',
  contact_email: 'fire.safety@umurage.rw',
  website: 'https://umurage.rw/burning-plan',
  notice_reference: '3f2b8c1e-7a4d-4e5f-9b6a-1c2d3e4f5a6b',
  expected_duration: 'PT3H',
  location: [-1.9441, 30.0619],
  supervisors: [{ name: 'Jean Bosco' }],
} as const;

/** Adds the formats, the tuple, the list, their texts, view rows and fixtures to the scaffolded `services/<key>/` under `root`. */
export async function addStandardFormats(root: string, key: string): Promise<void> {
  const folder = join(root, 'services', key);
  const schema = readJson(join(folder, 'schema.json'));
  const text = (title: string, format: string, maxLength: number) => ({ type: 'string', title, format, maxLength });
  Object.assign(schema.properties as Record<string, unknown>, {
    burning_time: { type: 'string', title: 'Time the burning starts', format: 'time' },
    opening_time: { type: 'string', title: 'Opening time of the site', format: 'iso-time' },
    neighbours_notified_at: {
      type: 'string',
      title: 'Neighbours notified at',
      format: 'date-time',
      formatMinimum: '2000-01-01T00:00:00Z',
      formatMaximum: '2100-12-31T23:59:59Z',
    },
    contact_email: text('Contact e-mail', 'email', 254),
    website: text('Website of the applicant', 'uri', 500),
    notice_reference: text('Reference of the fire service notice', 'uuid', 36),
    expected_duration: text('Expected duration', 'duration', 50),
    location: {
      type: 'array',
      title: 'Location of the burning',
      items: [
        { type: 'number', title: 'Latitude', minimum: -90, maximum: 90 },
        { type: 'number', title: 'Longitude', minimum: -180, maximum: 180 },
      ],
      additionalItems: false,
      minItems: 2,
      maxItems: 2,
    },
    supervisors: {
      type: 'array',
      title: 'People supervising the burning',
      minItems: 1,
      maxItems: 5,
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', title: 'Name of the person', minLength: 1, maxLength: 200 } },
      },
    },
  });
  (schema.required as string[]).push('burning_time', 'supervisors');
  await writeFormattedJson(join(folder, 'schema.json'), schema);

  // Times and moments take their format from their field's schema.
  await addRowsAndTexts(
    folder,
    [
      { label: 'Time the burning starts', field: 'burning_time' },
      { label: 'Opening time of the site', field: 'opening_time' },
      { label: 'Neighbours notified at', field: 'neighbours_notified_at' },
      { label: 'Contact e-mail', field: 'contact_email' },
      { label: 'Website of the applicant', field: 'website' },
      { label: 'Reference of the fire service notice', field: 'notice_reference' },
      { label: 'Expected duration', field: 'expected_duration' },
      { label: 'Location of the burning', field: 'location', format: 'list' },
      { label: 'People supervising the burning', field: 'supervisors', format: 'list' },
    ],
    TEXTS,
  );

  // Every fixture answers the new questions; three more are refused for one of them each.
  const fixtures = join(root, 'fixtures', key);
  await answerEveryFixture(fixtures, FORMAT_ANSWERS);
  const base = { ...readJson(join(fixtures, 'valid', 'fixed-site.json')), ...FORMAT_ANSWERS };
  await writeFormattedJson(join(fixtures, 'valid', 'utc-time-and-three-supervisors.json'), {
    ...base,
    burning_time: '22:05:30Z',
    supervisors: [{ name: 'Jean Bosco' }, { name: 'Aline Mukamana' }, { name: 'Eric Habimana' }],
  });
  await writeFormattedJson(join(fixtures, 'invalid', 'time-without-offset.json'), {
    data: { ...base, burning_time: '10:30:00' },
    expect: [{ field: 'burning_time', message: 'must match format "time"' }],
  });
  await writeFormattedJson(join(fixtures, 'invalid', 'location-with-a-third-place.json'), {
    data: { ...base, location: [-1.9441, 30.0619, 1500] },
    expect: [{ field: 'location', message: 'must NOT have more than 2 items' }],
  });
  await writeFormattedJson(join(fixtures, 'invalid', 'no-supervisor.json'), {
    data: { ...base, supervisors: [] },
    expect: [{ field: 'supervisors', message: 'must NOT have fewer than 1 items' }],
  });
}
