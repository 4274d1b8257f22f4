/**
 * Vite plugin: the service definitions and their form validators, made in Node when the portal is
 * built (or served by `npm run dev`) and handed to the page as virtual modules.
 *
 * Why: the portal runs under a Content-Security-Policy without 'unsafe-eval', and Ajv compiles a
 * schema into a function with `new Function`. So nothing is compiled in the page:
 *
 * - `virtual:service-definitions` is `{ definitions, archived, problems }` of `loadServicesDir` over
 *   `services/` (the current definitions, the earlier versions kept under `versions/`): the same loader and checks (meta-schema, schemas compile, widgets, ...) as the server
 *   and `services:check`, run here instead of in the browser;
 * - `virtual:service-validators/<key>/<lang>` is Ajv's standalone code (RJSF's
 *   `compileSchemaValidatorsCode`, with the project's Ajv options) of the form schema the page renders
 *   in that language: the definition passed through `localizeDefinition` with the service catalogue
 *   `services/<key>/i18n/<lang>.json` (RJSF's precompiled validator looks sub-schemas up by a hash of
 *   their content, translated titles included). It exports `schemaHash` (RJSF's `hashForSchema` of
 *   that schema), `localize` (ajv-i18n's messages of that language) and, as default, the validate
 *   functions by schema hash;
 * - `virtual:service-validators` maps key -> language -> `() => import(...)` of those, so the page
 *   fetches only the validator of the form it shows;
 * - `virtual:service-catalogues` maps `<folder>/i18n/<lang>.json` -> `() => import(...)` of every
 *   catalogue of the same folder (services and shared fragments), so the page's texts, validators and
 *   definitions all come from the folder the build was given (`SERVICES_DIR`).
 *
 * Ajv writes CommonJS (its ES module output names exports after hashes such as `51c0dc9e`, which are
 * not valid names); `standaloneToEsm` turns it into an ES module. In `npm run dev` a change under
 * `services/` drops what was made and reloads the page.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, ViteDevServer } from 'vite';
import { LANGUAGES } from '../app/i18n/languages';
import { allTasks, taskFormKey } from '../engine/core/applicant-tasks';
import type { ApplicantTask, JsonSchema, ServiceDefinition } from '../engine/core/definition-types';
import type { DefinitionProblem } from '../engine/core/definition-problems';
import { formKey, formsOf } from '../engine/core/service-forms';
import { withoutLetters } from '../engine/core/approval-letter';
import { localizeFromDisk } from '../engine/core/node/read-service-catalogue';
import { loadServicesDir } from '../engine/core/node/load-services-dir';
import {
  AJV_RUNTIME_MODULES,
  ajvLocalizerModule,
  definitionConditions,
  validatorModuleCode,
} from '../engine/core/node/validator-code';

/** The virtual module of the checked definitions. */
export const DEFINITIONS_MODULE = 'virtual:service-definitions';
/** The virtual module of the validators' loaders; `<it>/<key>/<lang>` is one validator. */
export const VALIDATORS_MODULE = 'virtual:service-validators';

/** The virtual module of the service catalogues' loaders. */
export const CATALOGUES_MODULE = 'virtual:service-catalogues';

/** `virtual:service-validators/<key>/<lang>`. */
const VALIDATOR_ID = new RegExp(`^${VALIDATORS_MODULE}/([^/]+)/([^/]+)$`);

const REPOSITORY = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** What `virtual:service-definitions` holds: the current definitions, the kept earlier versions, the problems. */
export interface LoadedServices {
  definitions: ServiceDefinition[];
  archived: ServiceDefinition[];
  problems: DefinitionProblem[];
}

/** Reads and checks every `services/<key>/` folder (as the server does); no folder means no services. */
export function loadServices(servicesDir: string): LoadedServices {
  const { definitions, archived, problems } = loadServicesDir(servicesDir);
  return { definitions, archived, problems };
}

/**
 * The form schema of `definition` as the page renders it in `language`: the original in English, else
 * the copy `localizeDefinition` makes with the service's catalogue (app/localized-definitions.ts).
 */
export function renderedFormSchema(servicesDir: string, definition: ServiceDefinition, language: string): JsonSchema {
  return localizeFromDisk(servicesDir, definition, language).formSchema;
}

/**
 * A form the portal validates: a form of a service (one per variant), or the form of one of its
 * applicant tasks, filed under its key (`formKey`, `taskFormKey`).
 */
export interface ValidatedForm {
  key: string;
  definition: ServiceDefinition;
  task?: ApplicantTask;
}

/** Every form the portal validates. */
export function validatedForms(definitions: readonly ServiceDefinition[]): ValidatedForm[] {
  return [
    ...definitions.flatMap(formsOf).map((form) => ({ key: formKey(form), definition: form })),
    ...allTasks(definitions).map(({ definition, task }) => ({ key: taskFormKey(definition, task), definition, task })),
  ];
}

/** The schema of a validated form as the page renders it in `language`, and the conditions its module answers. */
function validatedFormSources(
  servicesDir: string,
  form: ValidatedForm,
  language: string,
): { schema: JsonSchema; conditions: JsonSchema[] } {
  const { definition, task } = form;
  if (!task)
    return {
      schema: renderedFormSchema(servicesDir, definition, language),
      conditions: definitionConditions(definition),
    };
  const tasks = localizeFromDisk(servicesDir, definition, language).tasks;
  const rendered = tasks?.find((candidate) => candidate.key === task.key) ?? task;
  // The view asks the task's module whether the task is open (its `when`).
  return { schema: rendered.formSchema, conditions: [task.when] };
}

/** The loaders module: form key -> language -> dynamic import of that validator module. */
function loadersCode(definitions: readonly ServiceDefinition[], languages: readonly string[]): string {
  const services = validatedForms(definitions).map(({ key }) => {
    const entries = languages.map(
      (language) =>
        `    ${JSON.stringify(language)}: () => import(${JSON.stringify(`${VALIDATORS_MODULE}/${key}/${language}`)}),`,
    );
    return `  ${JSON.stringify(key)}: {\n${entries.join('\n')}\n  },`;
  });
  return `export default {\n${services.join('\n')}\n};\n`;
}

/** Each `<folder>/i18n/<lang>.json` under `servicesDir`, relative, in path order. */
export function catalogueFiles(servicesDir: string): string[] {
  const folders = existsSync(servicesDir) ? readdirSync(servicesDir, { withFileTypes: true }) : [];
  return folders
    .filter((entry) => entry.isDirectory() && existsSync(join(servicesDir, entry.name, 'i18n')))
    .flatMap((entry) =>
      readdirSync(join(servicesDir, entry.name, 'i18n'))
        .filter((name) => name.endsWith('.json'))
        .map((name) => `${entry.name}/i18n/${name}`),
    )
    .sort();
}

/** `virtual:service-catalogues`: one lazy import a catalogue file, answering its content. */
function cataloguesCode(servicesDir: string): string {
  const entries = catalogueFiles(servicesDir).map(
    (file) =>
      `  ${JSON.stringify(file)}: () => import(${JSON.stringify(join(servicesDir, file).split(sep).join('/'))}).then((m) => m.default),`,
  );
  return `export default {\n${entries.join('\n')}\n};\n`;
}

export interface ServicesPluginOptions {
  /** The services folder; default `services/` of this repository. */
  servicesDir?: string;
  /** Languages a validator is made for; default the portal's (app/i18n/languages.ts). */
  languages?: readonly string[];
}

/** The plugin; see the top of this file. */
export function servicesPlugin(options: ServicesPluginOptions = {}): Plugin {
  const servicesDir = resolve(options.servicesDir ?? join(REPOSITORY, 'services'));
  const languages = options.languages ?? LANGUAGES.map((language) => language.code);
  let services: LoadedServices | undefined;
  const validators = new Map<string, string>();
  const served = new Set<string>();
  const current = (): LoadedServices => (services ??= loadServices(servicesDir));
  // The kept earlier versions get validators too: the applications submitted under them are shown with them.
  const everyVersion = (): ServiceDefinition[] => [...current().definitions, ...current().archived];

  const validatorModule = (key: string, language: string): string => {
    const id = `${key}/${language}`;
    let code = validators.get(id);
    if (code === undefined) {
      if (!languages.includes(language)) throw new Error(`${VALIDATORS_MODULE}/${id}: unknown language '${language}'`);
      const form = validatedForms(everyVersion()).find((candidate) => candidate.key === key);
      if (!form) throw new Error(`${VALIDATORS_MODULE}/${id}: no valid service form '${key}' under services/`);
      const { schema, conditions } = validatedFormSources(servicesDir, form, language);
      code = validatorModuleCode(schema, ajvLocalizerModule(language), conditions);
      validators.set(id, code);
    }
    return code;
  };

  const forget = (server: ViteDevServer, file: string): void => {
    server.config.logger.info(`${relative(REPOSITORY, file)} changed: definitions and validators remade`, {
      timestamp: true,
    });
    services = undefined;
    validators.clear();
    for (const environment of Object.values(server.environments)) {
      for (const id of served) {
        const node = environment.moduleGraph.getModuleById(id);
        if (node) environment.moduleGraph.invalidateModule(node);
      }
    }
    server.ws.send({ type: 'full-reload' });
  };

  return {
    name: 'ecopermit-services',
    config: (_config, { command }) => {
      if (command !== 'serve') return undefined;
      const localizers = languages.map(ajvLocalizerModule).filter((name): name is string => name !== undefined);
      // The catalogues are imported from the services folder, wherever it lies.
      return {
        optimizeDeps: { include: [...AJV_RUNTIME_MODULES, ...localizers] },
        server: { fs: { allow: [servicesDir] } },
      };
    },
    resolveId(id) {
      if (id === DEFINITIONS_MODULE || id === VALIDATORS_MODULE || id === CATALOGUES_MODULE) return `\0${id}`;
      const validator = VALIDATOR_ID.exec(id);
      // The last segment names the chunk: `validators-plastics-de-<hash>.js` rather than `de-<hash>.js`.
      if (validator) return `\0${id}/validators-${(validator[1] ?? '').replace('@', '-v')}-${validator[2] ?? ''}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith('\0virtual:')) return undefined;
      const name = id.slice(1);
      if (name === DEFINITIONS_MODULE) {
        served.add(id);
        // What only the server reads (the letters it draws) stays out of the page's bundle.
        const { definitions, archived, problems } = current();
        const forPage = {
          definitions: definitions.map(withoutLetters),
          archived: archived.map(withoutLetters),
          problems,
        };
        return `export default ${JSON.stringify(forPage)};\n`;
      }
      if (name === VALIDATORS_MODULE) {
        served.add(id);
        return loadersCode(everyVersion(), languages);
      }
      if (name === CATALOGUES_MODULE) {
        served.add(id);
        return cataloguesCode(servicesDir);
      }
      const match = VALIDATOR_ID.exec(name.slice(0, name.lastIndexOf('/')));
      if (!match) return undefined;
      served.add(id);
      return validatorModule(match[1] ?? '', match[2] ?? '');
    },
    configureServer(server) {
      // services/ lies outside Vite's root (app/); watch it, since the page imports none of its files.
      server.watcher.add(servicesDir);
      const changed = (file: string): void => {
        if (`${resolve(file)}`.startsWith(`${servicesDir}${sep}`) && file.endsWith('.json')) forget(server, file);
      };
      server.watcher.on('add', changed);
      server.watcher.on('change', changed);
      server.watcher.on('unlink', changed);
    },
  };
}
