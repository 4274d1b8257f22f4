// Types of the virtual modules of scripts/vite-plugin-services.ts (the build makes them from services/).

declare module 'virtual:service-definitions' {
  const services: {
    definitions: import('../engine/core').ServiceDefinition[];
    archived: import('../engine/core').ServiceDefinition[];
    problems: import('../engine/core').DefinitionProblem[];
  };
  export default services;
}

declare module 'virtual:service-validators' {
  const modules: import('../engine/react').PrecompiledValidatorModules;
  export default modules;
}

declare module 'virtual:service-validators/*' {
  export const schemaHash: string;
  export const localize: import('../engine/react').Localizer | undefined;
  const validateFunctions: import('../engine/react').PrecompiledValidatorModule['default'];
  export default validateFunctions;
}

declare module 'virtual:service-catalogues' {
  /** `<folder>/i18n/<lang>.json` -> its content, loaded on demand. */
  const files: Record<string, () => Promise<import('./i18n/catalogue-files').ServiceCatalogue>>;
  export default files;
}
