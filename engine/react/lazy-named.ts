import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The component type of an export (never when the export is not a component). */
type ComponentOf<Export> = Export extends ComponentType<infer Props> ? ComponentType<Props> : never;

/**
 * A component whose module loads on its first render: React's `lazy` over a named export (`lazy`
 * takes a default one). `load` is the module's `import()`, which may also be called earlier to
 * fetch the code ahead.
 */
export function lazyNamed<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentOf<Module[Name]>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentOf<Module[Name]> }));
}
