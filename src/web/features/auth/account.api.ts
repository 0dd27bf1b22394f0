import type { DeleteAccountBody } from '../../../contract/account-deletion';
import type { DevicesList } from '../../../contract/devices';
import type { MessageBody } from '../../../contract/errors';
import { api } from '../../lib/api';

/** Devices and account deletion (docs/api.md §13): the profile screen's account sections. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDevices: build.query<DevicesList, void>({
      query: () => '/users/sessions',
      // The account's own tag: a profile change that ends other sessions (a new password) refreshes it.
      providesTags: ['User'],
    }),
    revokeDevice: build.mutation<MessageBody, string>({
      query: (id) => ({ url: `/users/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
    revokeOtherDevices: build.mutation<MessageBody, void>({
      query: () => ({ url: '/users/sessions/revoke-others', method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    deleteAccount: build.mutation<MessageBody, DeleteAccountBody>({
      query: (body) => ({ url: '/users/profile', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useGetDevicesQuery,
  useRevokeDeviceMutation,
  useRevokeOtherDevicesMutation,
  useDeleteAccountMutation,
} = accountApi;
