/** The application a wizard saves into, before and after its draft exists (see wizard-controller.ts). */
export { resolveTarget, type ApplicationTarget } from '../core/wizard-controller';
