import { createElement, lazy, useState, type ComponentProps, type ComponentType, type ReactElement } from 'react';

/** The component type of an export (never when the export is not a component). */
type ComponentOf<Export> = Export extends ComponentType<infer Props> ? ComponentType<Props> : never;

/** A component whose code loads on its first render, and that can be asked to load it earlier. */
export interface LazyComponent<Props> {
  (props: Props): ReactElement;
  displayName?: string;
  /**
   * Loads the code now (once); after it resolves, the component renders without suspending. It
   * resolves to nothing: a caller that hands it on (a test's `beforeAll`) would take a component for
   * a function to call.
   */
  preload(): Promise<void>;
}

/**
 * A component whose module loads on its first render (it suspends until then, through React's
 * `lazy`), over a named export. Once its module is loaded (a first render, or `preload()` called
 * ahead: an information page fetching the wizard, the start-up fetching the page of the address),
 * a new instance renders the export itself at once, so a page drawn or hydrated after a preload never
 * shows a fallback. An instance keeps the way it started, so a re-render never remounts it. A failed
 * load is forgotten: the next one tries again.
 */
export function lazyNamed<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyComponent<ComponentProps<ComponentOf<Module[Name]>>> {
  type Loaded = ComponentType<ComponentProps<ComponentOf<Module[Name]>>>;
  const module = lazyModule(load);
  const exported = (loaded: Module) => loaded[name] as unknown as Loaded;
  const Suspending = lazy(async () => ({ default: exported(await module.preload()) }));
  const Lazy = (props: ComponentProps<Loaded>): ReactElement => {
    const [type] = useState<Loaded>(() => {
      const loaded = module.current();
      return loaded ? exported(loaded) : (Suspending as unknown as Loaded);
    });
    return createElement(type as ComponentType<object>, props as object);
  };
  Lazy.displayName = `Lazy(${String(name)})`;
  return Object.assign(Lazy, { preload: () => module.preload().then(() => undefined) });
}

/** A module loaded once, when first asked (see `lazyModule`). */
export interface LazyModule<Module> {
  /** Loads it now (once), resolving to the module; a failed load is forgotten, so the next tries again. */
  preload(): Promise<Module>;
  /** The module once loaded, else undefined (a render that must not wait reads it). */
  current(): Module | undefined;
}

/**
 * A module a page needs only after something happens (a refused submit, a later step), loaded when
 * first asked or ahead of time, and read synchronously once there.
 */
export function lazyModule<Module>(load: () => Promise<Module>): LazyModule<Module> {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  return {
    preload() {
      loading ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
  };
}
