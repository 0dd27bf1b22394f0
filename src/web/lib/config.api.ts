import type { PublicConfig } from '../../contract/users';
import { api } from './api';

/** Deployment settings (Turnstile site key, contact details) read at run time: one build serves all. */
export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<PublicConfig, void>({
      query: () => '/config',
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetConfigQuery } = configApi;
