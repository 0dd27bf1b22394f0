import type { MessageBody } from '../../../contract/errors';
import type {
  ForgotPasswordBody,
  LoginBody,
  ProfileBody,
  RegisterBody,
  ResetPasswordBody,
  UserInfo,
} from '../../../contract/users';
import { api, type ScreenRequests } from '../../lib/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<UserInfo, LoginBody>({
      query: (body) => ({ url: '/users/login', method: 'POST', body }),
    }),
    register: build.mutation<UserInfo, RegisterBody>({
      query: (body) => ({ url: '/users', method: 'POST', body }),
    }),
    logout: build.mutation<MessageBody, void>({
      query: () => ({ url: '/users/logout', method: 'POST' }),
    }),
    getProfile: build.query<UserInfo, void>({
      query: () => '/users/profile',
      providesTags: ['User'],
    }),
    updateProfile: build.mutation<UserInfo, ProfileBody>({
      query: (body) => ({ url: '/users/profile', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    forgotPassword: build.mutation<MessageBody, ForgotPasswordBody>({
      query: (body) => ({ url: '/users/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageBody, ResetPasswordBody & { token: string }>({
      query: ({ token, ...body }) => ({
        url: `/users/reset-password/${encodeURIComponent(token)}`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;

/** The profile: asked for by the data screens' layout (the session check) and the profile form. */
export const profileRequests: ScreenRequests = () => [
  authApi.endpoints.getProfile.initiate(undefined, { subscribe: false }),
];
