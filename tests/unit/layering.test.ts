/**
 * The one-way layering (schemas -> engine/core -> engine/react -> app; server uses engine/core) is
 * enforced by lint; these cases keep the lint rules themselves honest.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('layer rules', () => {
  it.each([
    ['engine/core/example.ts', "import { WIDGETS } from '../react/widgets';\nexport const x = WIDGETS;\n"],
    ['engine/core/example.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['engine/core/example.ts', "import Form from '@rjsf/core';\nexport const x = Form;\n"],
    ['engine/core/example.ts', "import { useQuery } from '@tanstack/react-query';\nexport const x = useQuery;\n"],
    ['engine/react/example.ts', "import { api } from '../../app/api';\nexport const x = api;\n"],
    ['server/example.ts', "import { WIDGETS } from '../engine/react/widgets';\nexport const x = WIDGETS;\n"],
    ['app/example.ts', "import { buildApp } from '../server/app';\nexport const x = buildApp;\n"],
  ])('refuses %s importing across the layers', async (file, code) => {
    const ids = await ruleIds(file, code);
    expect(ids.some((id) => id === 'import/no-restricted-paths' || id === 'no-restricted-imports')).toBe(true);
  });

  it.each([
    [
      'engine/react/example.ts',
      "import { presentStatus } from '../core/status-presentation';\nexport const x = presentStatus;\n",
    ],
    ['server/example.ts', "import { validateFormData } from '../engine/core';\nexport const x = validateFormData;\n"],
    [
      'server/example.ts',
      "import { loadServicesDir } from '../engine/core/node';\nexport const x = loadServicesDir;\n",
    ],
    ['app/example.ts', "import { ServiceWizard } from '../engine/react';\nexport const x = ServiceWizard;\n"],
    ['app/pages/example.ts', "import { presentStatus } from '../../engine/core';\nexport const x = presentStatus;\n"],
    ['app/example.ts', "export const load = () => import('../engine/react/service-wizard');\n"],
  ])('allows %s importing down the layers', async (file, code) => {
    expect(await ruleIds(file, code)).toEqual([]);
  });
});

describe('public surface of the engine', () => {
  it.each([
    [
      'app/example.ts',
      "import { ServiceWizard } from '../engine/react/service-wizard';\nexport const x = ServiceWizard;\n",
    ],
    [
      'app/pages/example.ts',
      "import type { ServiceDefinition } from '../../engine/core/definition-types';\nexport type X = ServiceDefinition;\n",
    ],
    [
      'server/example.ts',
      "import { validateFormData } from '../engine/core/form-validator';\nexport const x = validateFormData;\n",
    ],
    [
      'server/routes/example.ts',
      "import { loadServicesDir } from '../../engine/core/node/load-services-dir';\nexport const x = loadServicesDir;\n",
    ],
    ['app/example.ts', "export { useApiClient } from '../engine/react/api-context';\n"],
  ])('refuses %s reaching behind the surface', async (file, code) => {
    expect(await ruleIds(file, code)).toContain('no-restricted-imports');
  });

  it('lets tests reach behind the surface', async () => {
    const code =
      "import { validateFormData } from '../engine/core/form-validator';\nexport const x = validateFormData;\n";
    expect(await ruleIds('server/example.test.ts', code)).toEqual([]);
  });
});
