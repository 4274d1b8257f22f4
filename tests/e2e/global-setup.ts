/**
 * Before the browser files run, two at a time: the portals they share are built once, here, so that
 * no two files build the same one at the same moment — the repository's dist/ (every file's product
 * serves it) and the copy with the added services (ninth-service.test.ts, standard-formats.test.ts, sectioned-service.test.ts, staff-console.test.ts).
 * A file's own portal (a changed copy, as definition-versions.test.ts makes) is still built by its
 * file, into a folder of its own.
 */
import { addedServicesCopy } from './added-services';
import { buildPortal } from './harness';

export default async function setup(): Promise<void> {
  await buildPortal();
  await buildPortal((await addedServicesCopy()).env);
}
