import modules from 'virtual:service-validators';
import { precompiledValidators } from '../engine/react';

/**
 * The validators of the portal's forms: compiled from each service's form schema, per language, when
 * the portal is built (scripts/vite-plugin-services.ts), and fetched with the form that needs them.
 * The page compiles no schema: its Content-Security-Policy has no 'unsafe-eval'.
 */
export const serviceValidators = precompiledValidators(modules);
