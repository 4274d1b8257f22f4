/**
 * `npm run services:new -- <key> --id <n> [--title "<title>"] [--title-de "<Titel>"] [--title-it ...]
 * [--title-ru ...] [--title-es ...] [--root <dir>]`: scaffolds a new service an analyst then edits as
 * JSON alone.
 *
 * Writes `services/<key>/` (service.json, schema.json, ui.json and the four translations under
 * i18n/), `fixtures/<key>/` (a valid and an invalid fixture) and the service's row of the seeded
 * reference data (`fixtures/lookups/services.json` with its translations), so that `services:check`
 * and the conformance suite pass on the result before any edit, and `i18n:check` too once the title
 * is given in every language. The starting form shows one of each thing a service is made of: a
 * required text, a lookup with its name field, a yes/no question revealing a field, a long text, a
 * required document, and the call that saves the record.
 *
 * The title of a language not given (`--title-<lang>`) is written as the English text, which is how
 * a catalogue marks a text untranslated: `i18n:check` reports each such entry until it is translated
 * (docs/languages.md), and the lines printed say which. The reference data's files get the new
 * service's entries only, added to their text: their layout is theirs (scripts/insert-json-member.ts).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { insertJsonMember } from './insert-json-member';
import { writeFormattedJson as writeFormatted } from './write-formatted-json';
import { PLATFORM_LIFECYCLE_REF } from '../engine/core/lifecycle-upgrade';

export interface NewServiceOptions {
  /** Folder name, route stem and record name: lowercase words joined by '-'. */
  key: string;
  /** The service id the portal and the API use (unique, a whole number above 0). */
  id: number;
  /** The service's English title; the key in words when absent. */
  title?: string;
  /** The title in other languages (`--title-de`, ...); a language left out keeps it untranslated. */
  titles?: Partial<Record<Language, string>>;
}

/** Why a scaffold is refused (a taken key, id or route, a malformed key). */
export class ScaffoldError extends Error {}

const KEY_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const LANGUAGES = ['de', 'it', 'ru', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The fixed texts of the starting service and their translations (the title is the analyst's). */
const TEXTS: Record<string, Record<Language, string>> = {
  'A new service of the authority. Describe what it authorises and who may apply.': {
    de: 'Ein neuer Dienst der Behörde. Beschreiben Sie, was er genehmigt und wer ihn beantragen kann.',
    it: "Un nuovo servizio dell'autorità. Descriva che cosa autorizza e chi può richiederlo.",
    ru: 'Новая услуга органа. Опишите, что она разрешает и кто может подать заявку.',
    es: 'Un nuevo servicio de la autoridad. Describa qué autoriza y quién puede solicitarlo.',
  },
  'Environmental Compliance & Enforcement Division': {
    de: 'Abteilung für Umweltkonformität und Vollzug',
    it: 'Divisione per la conformità e il controllo ambientale',
    ru: 'Отдел экологического соответствия и контроля',
    es: 'División de Cumplimiento y Control Ambiental',
  },
  'Fill in the application details.': {
    de: 'Füllen Sie die Antragsdetails aus.',
    it: 'Compili i dettagli della domanda.',
    ru: 'Заполните данные заявки.',
    es: 'Complete los datos de la solicitud.',
  },
  'Upload the supporting document (PDF), confirm the details and submit.': {
    de: 'Laden Sie das Nachweisdokument (PDF) hoch, bestätigen Sie die Angaben und reichen Sie den Antrag ein.',
    it: 'Carichi il documento giustificativo (PDF), confermi i dati e invii la domanda.',
    ru: 'Загрузите подтверждающий документ (PDF), подтвердите данные и отправьте заявку.',
    es: 'Suba el documento justificativo (PDF), confirme los datos y envíe la solicitud.',
  },
  'Follow the decision on your dashboard.': {
    de: 'Verfolgen Sie die Entscheidung in Ihrer Übersicht.',
    it: 'Segua la decisione nella sua bacheca.',
    ru: 'Следите за решением в личном кабинете.',
    es: 'Siga la decisión en su panel.',
  },
  'Supporting document': {
    de: 'Nachweisdokument',
    it: 'Documento giustificativo',
    ru: 'Подтверждающий документ',
    es: 'Documento justificativo',
  },
  'A document that supports the application (PDF)': {
    de: 'Ein Dokument, das den Antrag belegt (PDF)',
    it: 'Un documento a sostegno della domanda (PDF)',
    ru: 'Документ, подтверждающий заявку (PDF)',
    es: 'Un documento que respalda la solicitud (PDF)',
  },
  'Supporting document is required': {
    de: 'Das Nachweisdokument ist erforderlich',
    it: 'Il documento giustificativo è obbligatorio',
    ru: 'Подтверждающий документ обязателен',
    es: 'El documento justificativo es obligatorio',
  },
  'Applicant name': {
    de: 'Name des Antragstellers',
    it: 'Nome del richiedente',
    ru: 'Имя заявителя',
    es: 'Nombre del solicitante',
  },
  'Quantity measure': { de: 'Mengeneinheit', it: 'Unità di misura', ru: 'Единица измерения', es: 'Unidad de medida' },
  Quantity: { de: 'Menge', it: 'Quantità', ru: 'Количество', es: 'Cantidad' },
  'Enter a quantity above 0': {
    de: 'Geben Sie eine Menge über 0 ein',
    it: 'Inserisca una quantità maggiore di 0',
    ru: 'Введите количество больше 0',
    es: 'Introduzca una cantidad mayor que 0',
  },
  'Enter a quantity of at most 100,000,000': {
    de: 'Geben Sie eine Menge von höchstens 100.000.000 ein',
    it: 'Inserire una quantità di al massimo 100.000.000',
    ru: 'Введите количество не более 100 000 000',
    es: 'Introduzca una cantidad de 100.000.000 como máximo',
  },
  'Is the activity carried out at a fixed site?': {
    de: 'Wird die Tätigkeit an einem festen Standort ausgeübt?',
    it: "L'attività si svolge in una sede fissa?",
    ru: 'Ведётся ли деятельность на постоянной площадке?',
    es: '¿Se realiza la actividad en un lugar fijo?',
  },
  'Please select Yes or No': {
    de: 'Bitte wählen Sie Ja oder Nein',
    it: 'Selezioni Sì o No',
    ru: 'Выберите «Да» или «Нет»',
    es: 'Seleccione Sí o No',
  },
  'Address of the site': {
    de: 'Adresse des Standorts',
    it: 'Indirizzo della sede',
    ru: 'Адрес площадки',
    es: 'Dirección del lugar',
  },
  'Description of the activity': {
    de: 'Beschreibung der Tätigkeit',
    it: "Descrizione dell'attività",
    ru: 'Описание деятельности',
    es: 'Descripción de la actividad',
  },
  'Fixed site': { de: 'Fester Standort', it: 'Sede fissa', ru: 'Постоянная площадка', es: 'Lugar fijo' },
  '--Select--': { de: '--Bitte auswählen--', it: '--Selezionare--', ru: '--Выберите--', es: '--Seleccione--' },
};

/** The prefix of the wizard's title per language ('Apply | <title>'). */
const APPLY: Record<Language, string> = { de: 'Antrag', it: 'Domanda', ru: 'Заявка', es: 'Solicitud' };

const titleOfKey = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/-/g, ' ');
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** The service files of the starting service, by path under `services/<key>/`. */
function serviceFiles(options: Required<NewServiceOptions>): Record<string, unknown> {
  const { key, id, title, titles } = options;
  const record = key.replace(/-/g, '_');
  const summary = 'A new service of the authority. Describe what it authorises and who may apply.';
  const service = {
    $schema: '../../schemas/service-definition.schema.json',
    version: 1,
    id,
    key,
    title,
    summary,
    department: 'Environmental Compliance & Enforcement Division',
    routes: { info: `/${key}`, apply: `/${key}-apply`, view: `/view-application-${key}` },
    info: {
      hide: ['fee', 'validity', 'processingTime'],
      howToApply: [
        'Fill in the application details.',
        'Upload the supporting document (PDF), confirm the details and submit.',
        'Follow the decision on your dashboard.',
      ],
    },
    wizard: { title: `Apply | ${title}` },
    form: { schema: 'schema.json', ui: 'ui.json' },
    documents: {
      accept: ['pdf'],
      serviceAttachments: false,
      extra: [
        {
          name: 'Supporting document',
          description: 'A document that supports the application (PDF)',
          accept: ['pdf'],
          required: true,
          requiredMessage: 'Supporting document is required',
        },
      ],
    },
    submit: {
      calls: [
        {
          name: 'save',
          method: 'POST',
          path: `clients/applications/${key}`,
          body: {
            '...': '$form',
            client_id: '$context.clientId',
            application_id: '$context.applicationId',
            service_id: id,
            is_submitted: true,
          },
          savesRecord: true,
        },
      ],
    },
    view: {
      record,
      holder: ['applicant_name'],
      rows: [
        { label: 'Applicant name', field: 'applicant_name' },
        { label: 'Quantity measure', field: 'measure_name', fallback: ['quantity_measure.name'] },
        { label: 'Quantity', field: 'quantity', format: 'number' },
        { label: 'Fixed site', field: 'has_site', format: 'yesno' },
        { label: 'Address of the site', field: 'site_address' },
        { label: 'Description of the activity', field: 'description' },
      ],
    },
    // The platform's statuses and moves (submit, review, approve, return, reject...); the service's
    // own statuses and transitions go after it.
    lifecycle: { includes: [{ $ref: PLATFORM_LIFECYCLE_REF }] },
  };
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $comment: `Application details of ${title}. A field shown on a condition is declared only in the \`then\` branch of its rule.`,
    type: 'object',
    required: ['applicant_name', 'quantity_measure_id', 'quantity', 'has_site', 'description'],
    properties: {
      applicant_name: { type: 'string', title: 'Applicant name', minLength: 1, maxLength: 200 },
      quantity_measure_id: { type: 'integer', title: 'Quantity measure' },
      measure_name: { type: 'string', maxLength: 200 },
      quantity: {
        type: 'number',
        title: 'Quantity',
        exclusiveMinimum: 0,
        maximum: 100_000_000,
        errorMessage: {
          exclusiveMinimum: 'Enter a quantity above 0',
          type: 'Enter a quantity above 0',
          maximum: 'Enter a quantity of at most 100,000,000',
        },
      },
      has_site: { type: 'boolean', title: 'Is the activity carried out at a fixed site?' },
      description: { type: 'string', title: 'Description of the activity', minLength: 1, maxLength: 2000 },
    },
    allOf: [
      {
        if: { properties: { has_site: { const: true } }, required: ['has_site'] },
        then: {
          properties: { site_address: { type: 'string', title: 'Address of the site', minLength: 1, maxLength: 500 } },
          required: ['site_address'],
        },
      },
    ],
    errorMessage: { required: { has_site: 'Please select Yes or No' } },
  };
  const ui = {
    $schema: '../../schemas/ui.schema.json',
    'ui:order': ['applicant_name', 'quantity_measure_id', 'quantity', 'has_site', 'site_address', 'description', '*'],
    quantity_measure_id: {
      'ui:widget': 'lookup',
      'ui:placeholder': '--Select--',
      'ui:options': { source: 'quantity-measures', nameField: 'measure_name' },
    },
    measure_name: { 'ui:widget': 'hidden' },
    quantity: { 'ui:widget': 'updown' },
    has_site: { 'ui:widget': 'yes-no' },
    description: { 'ui:widget': 'textarea', 'ui:options': { rows: 4 } },
  };
  const files: Record<string, unknown> = { 'service.json': service, 'schema.json': schema, 'ui.json': ui };
  for (const language of LANGUAGES) {
    const translated = titles[language];
    // Untranslated, both are the English texts, which i18n:check reports until they are translated.
    const catalogue: Record<string, string> = {
      $schema: '../../../schemas/catalogue.schema.json',
      [title]: translated ?? title,
      [`Apply | ${title}`]: translated ? `${APPLY[language]} | ${translated}` : `Apply | ${title}`,
    };
    for (const [english, translations] of Object.entries(TEXTS)) catalogue[english] = translations[language];
    files[`i18n/${language}.json`] = catalogue;
  }
  return files;
}

/** The starting fixtures, by path under `fixtures/<key>/`. */
function fixtureFiles(): Record<string, unknown> {
  const valid = {
    applicant_name: 'Umurage Recycling Cooperative',
    quantity_measure_id: 2,
    measure_name: 'Tonnes',
    quantity: 12,
    has_site: true,
    site_address: 'KK 15 Rd, Kicukiro, Kigali',
    description: 'Collection and sorting of plastic waste from markets.',
  };
  const { site_address: _address, ...withoutAddress } = valid;
  return {
    'valid/fixed-site.json': valid,
    'valid/no-fixed-site.json': { ...withoutAddress, has_site: false },
    'invalid/fixed-site-without-address.json': {
      data: withoutAddress,
      expect: [{ field: 'site_address', message: 'This field is required' }],
    },
    'invalid/missing-required-fields.json': {
      data: { quantity: 0 },
      expect: [
        { field: 'applicant_name', message: 'This field is required' },
        { field: 'quantity_measure_id', message: 'This field is required' },
        { field: 'quantity', message: 'Enter a quantity above 0' },
        { field: 'has_site', message: 'Please select Yes or No' },
        { field: 'description', message: 'This field is required' },
      ],
    },
  };
}

/** Service ids, keys and routes already taken under `root`. */
function takenUnder(root: string): { ids: Set<number>; keys: Set<string>; routes: Set<string> } {
  const ids = new Set<number>();
  const keys = new Set<string>();
  const routes = new Set<string>();
  const servicesDir = join(root, 'services');
  for (const folder of existsSync(servicesDir) ? readdirSync(servicesDir) : []) {
    keys.add(folder);
    const file = join(servicesDir, folder, 'service.json');
    if (!existsSync(file)) continue;
    const service = readJson(file) as { id?: unknown; routes?: Record<string, unknown> };
    if (typeof service.id === 'number') ids.add(service.id);
    for (const route of Object.values(service.routes ?? {})) if (typeof route === 'string') routes.add(route);
  }
  const seeded = join(root, 'fixtures', 'lookups', 'services.json');
  if (existsSync(seeded)) for (const row of readJson(seeded) as Array<{ id: number }>) ids.add(row.id);
  return { ids, keys, routes };
}

/** The first service id above every id taken under `root` (its services and the seeded services table). */
export function freeServiceId(root: string): number {
  return Math.max(0, ...takenUnder(root).ids) + 1;
}

/**
 * Writes the new service under `root` (the repository, or a copy of its services/ and fixtures/).
 * @returns the files written, relative to `root`.
 * @throws ScaffoldError when the key is malformed or the key, id or a route is taken.
 */
export async function scaffoldService(root: string, options: NewServiceOptions): Promise<string[]> {
  const { key, id } = options;
  if (!KEY_PATTERN.test(key))
    throw new ScaffoldError(`The key "${key}" must be lowercase words joined by "-" (e.g. tree-planting).`);
  if (!Number.isInteger(id) || id < 1) throw new ScaffoldError('The id must be a whole number above 0 (--id 17004).');
  const taken = takenUnder(root);
  if (taken.keys.has(key) || existsSync(join(root, 'fixtures', key)))
    throw new ScaffoldError(`A service "${key}" exists already.`);
  if (taken.ids.has(id)) throw new ScaffoldError(`The id ${id} is used by another service.`);
  const title = options.title?.trim() || titleOfKey(key);
  const titles: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const translated = options.titles?.[language]?.trim();
    if (translated) titles[language] = translated;
  }
  const files = serviceFiles({ key, id, title, titles });
  const routes = Object.values((files['service.json'] as { routes: Record<string, string> }).routes);
  const clash = routes.find((route) => taken.routes.has(route));
  if (clash) throw new ScaffoldError(`The route ${clash} is used by another service.`);

  const written: string[] = [];
  const done = (file: string) => written.push(relative(root, file).split('\\').join('/'));
  const write = async (file: string, value: unknown) => {
    await writeFormatted(file, value);
    done(file);
  };
  /** Adds an entry to a file of the reference data, the rest of its text as it was. */
  const add = (file: string, path: string[], entryKey: string | undefined, value: unknown) => {
    writeFileSync(file, insertJsonMember(readFileSync(file, 'utf8'), path, entryKey, value));
    done(file);
  };
  for (const [path, value] of Object.entries(files)) await write(join(root, 'services', key, path), value);
  for (const [path, value] of Object.entries(fixtureFiles())) await write(join(root, 'fixtures', key, path), value);

  // The seeded row of the services table (its name and description are what the landing page lists).
  const lookups = join(root, 'fixtures', 'lookups');
  const seededFile = join(lookups, 'services.json');
  const description = (files['service.json'] as { summary: string }).summary;
  add(seededFile, [], undefined, { id, name: title, description });
  for (const language of LANGUAGES) {
    const file = join(lookups, 'i18n', `${language}.json`);
    if (!existsSync(file)) continue;
    add(file, ['services'], String(id), {
      name: titles[language] ?? title,
      description: TEXTS[description]?.[language] ?? description,
    });
  }
  return written;
}

/** The languages whose title the options leave out: the scaffold writes it untranslated there. */
export function untranslatedTitles(options: Pick<NewServiceOptions, 'titles'>): Language[] {
  return LANGUAGES.filter((language) => !options.titles?.[language]?.trim());
}

/** Reads `<key> --id <n> [--title <t>] [--title-<lang> <t>]... [--root <dir>]`. */
export function parseArguments(args: readonly string[]): NewServiceOptions & { root: string } {
  const positional: string[] = [];
  const named: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg.startsWith('--')) {
      const value = args[i + 1];
      if (value === undefined) throw new ScaffoldError(`${arg} needs a value.`);
      named[arg.slice(2)] = value;
      i += 1;
    } else positional.push(arg);
  }
  const key = positional[0];
  if (!key || named.id === undefined)
    throw new ScaffoldError(
      'Usage: npm run services:new -- <key> --id <n> [--title "<title>"] ' +
        LANGUAGES.map((language) => `[--title-${language} "<title>"]`).join(' '),
    );
  const known = new Set(['id', 'title', 'root', ...LANGUAGES.map((language) => `title-${language}`)]);
  const unknown = Object.keys(named).find((name) => !known.has(name));
  if (unknown) throw new ScaffoldError(`Unknown option --${unknown}.`);
  const titles: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const title = named[`title-${language}`];
    if (title !== undefined) titles[language] = title;
  }
  return {
    key,
    id: Number(named.id),
    ...(named.title !== undefined ? { title: named.title } : {}),
    ...(Object.keys(titles).length > 0 ? { titles } : {}),
    root: resolve(named.root ?? '.'),
  };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  try {
    const { root, ...options } = parseArguments(process.argv.slice(2));
    const written = await scaffoldService(root, options);
    for (const file of written) console.log(`wrote ${file}`);
    const untranslated = untranslatedTitles(options);
    if (untranslated.length > 0)
      console.log(
        `\nThe title is not translated in ${untranslated.join(', ')}: it is written in English there, and ` +
          'npm run i18n:check reports it until translated. Translate it (and "Apply | <title>") in ' +
          untranslated.map((language) => `services/${options.key}/i18n/${language}.json`).join(', ') +
          ` and services."${options.id}".name of fixtures/lookups/i18n/<lang>.json, or scaffold with ` +
          untranslated.map((language) => `--title-${language} "..."`).join(' ') +
          '.',
      );
    console.log(
      '\nNext: shape the form (docs/analyst-guide.md), then npm run services:check, npm run i18n:check and npm test.',
    );
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
