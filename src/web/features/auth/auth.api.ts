import type { MessageBody } from '../../../contract/errors';
import type { OidcLinkState } from '../../../contract/oidc';
import type {
  LoginAnswer,
  RecoveryCodes,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorSetup,
  TwoFactorSetupBody,
} from '../../../contract/two-factor';
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
    /** The user, or `{twoFactorRequired: true}` when the account's code comes next (docs/api.md §13). */
    login: build.mutation<LoginAnswer, LoginBody>({
      query: (body) => ({ url: '/users/login', method: 'POST', body }),
    }),
    loginWithCode: build.mutation<UserInfo, TwoFactorCodeBody>({
      query: (body) => ({ url: '/users/login/2fa', method: 'POST', body }),
    }),
    setUpTwoFactor: build.mutation<TwoFactorSetup, TwoFactorSetupBody>({
      query: (body) => ({ url: '/users/2fa/setup', method: 'POST', body }),
    }),
    enableTwoFactor: build.mutation<RecoveryCodes, TwoFactorCodeBody>({
      query: (body) => ({ url: '/users/2fa/enable', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    disableTwoFactor: build.mutation<MessageBody, TwoFactorDisableBody>({
      query: (body) => ({ url: '/users/2fa/disable', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    getOidcLink: build.query<OidcLinkState, void>({
      query: () => '/auth/oidc/link',
      providesTags: ['User'],
    }),
    unlinkOidc: build.mutation<MessageBody, void>({
      query: () => ({ url: '/auth/oidc/link', method: 'DELETE' }),
      invalidatesTags: ['User'],
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
    /**
     * The rest and plates alone (docs/api.md §11), for the workout screen's plate settings: the
     * profile route takes them with the current username and email, which need no password.
     */
    updateGymSettings: build.mutation<
      UserInfo,
      { current: Pick<UserInfo, 'username' | 'email'> } & Pick<ProfileBody, 'restSeconds' | 'plates'>
    >({
      query: ({ current, restSeconds, plates }) => ({
        url: '/users/profile',
        method: 'PUT',
        body: { username: current.username, email: current.email, restSeconds, plates },
      }),
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
  useLoginWithCodeMutation,
  useSetUpTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useGetOidcLinkQuery,
  useUnlinkOidcMutation,
  useRegisterMutation,
  useLogoutMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUpdateGymSettingsMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;

/** The profile: asked for by the data screens' layout (the session check) and the profile form. */
export const profileRequests: ScreenRequests = () => [
  authApi.endpoints.getProfile.initiate(undefined, { subscribe: false }),
];
