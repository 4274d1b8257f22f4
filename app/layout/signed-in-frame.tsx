import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { createApiQueryClient } from '../../engine/react/use-api-query';
import { ApiQueryProvider } from '../api-query-provider';
import { Layout } from './layout';

/**
 * The signed-in pages: their cache of API answers (TanStack Query), then the Layout. The cache is
 * made here, in the signed-in pages' code, so the public pages download none of the query layer; it
 * lives as long as the signed-in frame (signing out drops it) and is emptied on a change of user.
 * In the route table it frames the page its child route picks.
 */
export function SignedInFrame({ children }: { children?: ReactNode }) {
  const [client] = useState(createApiQueryClient);
  return (
    <ApiQueryProvider client={client}>
      <Layout>{children ?? <Outlet />}</Layout>
    </ApiQueryProvider>
  );
}
