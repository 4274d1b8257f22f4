import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from '../engine/react';
import type { ServiceDefinition } from '../engine/core';
import type { DefinitionsResult } from './definitions';
import { localizedDefinitions } from './localized-definitions';
import { DefinitionProblems } from './pages/definition-problems';

/** Where the portal gets its service definitions from; tests give fixed ones. */
export interface DefinitionsSource {
  /** The result when already known, so pages render without a loading flash. */
  peek(): DefinitionsResult | undefined;
  load(): Promise<DefinitionsResult>;
}

/** A source with fixed definitions (tests, storybook-like previews), and earlier versions kept beside them. */
export function staticDefinitions(
  definitions: ServiceDefinition[],
  problems: unknown[] = [],
  archived: ServiceDefinition[] = [],
): DefinitionsSource {
  const result = { definitions, archived, problems };
  return { peek: () => result, load: () => Promise.resolve(result) };
}

let bundled: DefinitionsResult | undefined;
let bundledPromise: Promise<DefinitionsResult> | undefined;

/** The bundled definitions, imported on first use so the checker and schemas stay out of the landing page. */
export const bundledDefinitions: DefinitionsSource = {
  peek: () => bundled,
  load: () => {
    bundledPromise ??= import('./definitions').then((m) => {
      bundled = m.loadBundledDefinitions();
      return bundled;
    });
    return bundledPromise;
  },
};

export const DefinitionsContext = createContext<DefinitionsSource>(bundledDefinitions);

export type DefinitionsState =
  | { status: 'loading' }
  | {
      status: 'ready';
      definitions: ServiceDefinition[];
      /** Earlier versions kept for the applications submitted under them (see engine/core/application-version). */
      archived: ServiceDefinition[];
    }
  | { status: 'problems'; problems: unknown[] };

const NONE: ServiceDefinition[] = [];

function toState(result: DefinitionsResult | undefined): DefinitionsState {
  if (!result) return { status: 'loading' };
  if (result.problems.length > 0) return { status: 'problems', problems: result.problems };
  return { status: 'ready', definitions: result.definitions, archived: result.archived ?? NONE };
}

/** The service definitions in the interface language, loading them on first use. */
export function useDefinitions(): DefinitionsState {
  const source = useContext(DefinitionsContext);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const [state, setState] = useState<DefinitionsState>(() => toState(source.peek()));
  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    source.load().then(
      (result) => live && setState(toState(result)),
      (error: unknown) => live && setState({ status: 'problems', problems: [String(error)] }),
    );
    return () => {
      live = false;
    };
  }, [source, state.status]);
  // Translated copies are cached per definition and language: the same objects on every render.
  return useMemo(
    () =>
      state.status === 'ready'
        ? {
            status: 'ready',
            definitions: localizedDefinitions(state.definitions, language),
            archived: localizedDefinitions(state.archived, language),
          }
        : state,
    [state, language],
  );
}

/**
 * Renders `children` with the definitions once loaded. When a definition is broken it shows the list
 * of problems instead of a blank page, so an analyst sees what to fix.
 */
export function WithDefinitions({
  children,
}: {
  children: (definitions: ServiceDefinition[], archived: ServiceDefinition[]) => ReactNode;
}) {
  const state = useDefinitions();
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (state.status === 'problems') return <DefinitionProblems problems={state.problems} />;
  return <>{children(state.definitions, state.archived)}</>;
}
