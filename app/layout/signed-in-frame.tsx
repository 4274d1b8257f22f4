import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { apiQueryKey, createApiQueryClient } from '../../engine/react';
import { useApi } from '../api-context';
import { ApiProviders } from '../backend/api-providers';
import { prerenderedAnswers } from '../prerendered-answers';
import { ApiQueryProvider } from '../api-query-provider';
import { Layout } from './layout';

/**
 * The signed-in pages: their cache of API answers (TanStack Query), then the Layout. The cache is
 * made here, in the signed-in pages' code, so the public pages download none of the query layer; it
 * lives as long as the signed-in frame (signing out drops it) and is emptied on a change of user.
 * In the route table it frames the page its child route picks.
 *
 * The cache starts with the answers a prerendered page was drawn with (a service's documents on its
 * information page), so the page hydrates as drawn; they count as stale, so the page reads them again.
 * The engine's backend (the wizard's, the application view's) is provided here over the portal's
 * client, with the signed-in applicant's token for downloads.
 */
export function SignedInFrame({ children }: { children?: ReactNode }) {
  const api = useApi();
  const [client] = useState(() => {
    const created = createApiQueryClient();
    for (const [path, data] of Object.entries(prerenderedAnswers())) created.setQueryData(apiQueryKey(path), data);
    return created;
  });
  return (
    <ApiProviders api={api}>
      <ApiQueryProvider client={client}>
        <Layout>{children ?? <Outlet />}</Layout>
      </ApiQueryProvider>
    </ApiProviders>
  );
}
