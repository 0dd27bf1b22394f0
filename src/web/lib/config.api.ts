import type { PublicConfig } from '../../contract/users';
import { api, type ScreenRequests } from './api';

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

/** What the register and contact screens ask for as they open. */
export const configRequests: ScreenRequests = () => [
  configApi.endpoints.getConfig.initiate(undefined, { subscribe: false }),
];
