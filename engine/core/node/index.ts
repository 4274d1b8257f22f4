/**
 * Public surface of the engine's Node-only part, for the server and the build: reading a services
 * folder (definitions, catalogues, fixtures) from disk and writing the browser's validator code.
 */
export { loadServicesDir, type LoadedServicesDir } from './load-services-dir';
export { fixturesDirOf, readFixtureFolder } from './read-fixtures';
export {
  judgeFixture,
  judgeFixtures,
  sortFieldErrors,
  type FixtureJudgement,
  type FixtureKind,
} from './judge-fixtures';
export { localizeFromDisk, readServiceCatalogue, type CatalogueReader } from './read-service-catalogue';
export { definitionConditions, standaloneToFactory, validatorsCode } from './validator-code';
