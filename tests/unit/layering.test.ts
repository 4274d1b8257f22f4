/**
 * The one-way layering (schemas -> engine/core -> engine/react -> app; server uses engine/core) is
 * enforced by lint; these cases keep the lint rules themselves honest.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// no-cycle needs files on disk; the cases here are text only.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

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
    [
      'server/example.ts',
      "import { validateFormData } from '../engine/core/form-validator';\nexport const x = validateFormData;\n",
    ],
    [
      'app/example.ts',
      "import { ServiceWizard } from '../engine/react/service-wizard';\nexport const x = ServiceWizard;\n",
    ],
  ])('allows %s importing down the layers', async (file, code) => {
    expect(await ruleIds(file, code)).toEqual([]);
  });
});
