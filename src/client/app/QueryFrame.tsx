/**
 * Data fetching for app screens (product-spec §9 defaults). Loaded with the first client-rendered
 * screen, so public server-rendered pages never download the query library.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';

const queryClient = createQueryClient();

export function QueryFrame({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
