import { baseApi } from '../../api/baseApi';
import type { User, UserInfoResponse, UserMessageResponse, UserTokenResponse } from '../../domain/types';

/** The user calls of SPEC §7 (plus logout). `getUserInfo` sends the token (added by baseApi). */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The shopper's profile: its only home. The session listeners hold it while a token is set,
     * and pages that show it (RequireAuth) subscribe too. No tag: a logout must not refetch it
     * without a token; once nobody holds it, it is dropped at once.
     */
    getUserInfo: build.query<User, void>({
      query: () => '/api/user/info',
      // The role decides the staff console's door; an answer without one is a shopper's.
      transformResponse: (r: UserInfoResponse): User => ({
        name: r.user?.name ?? '',
        email: r.user?.email ?? '',
        ...(r.user?.role === 'staff' || r.user?.role === 'shopper' ? { role: r.user.role } : {}),
      }),
      keepUnusedDataFor: 0,
    }),
    /** Ends the session on the server too (its token can no longer be used). The token is given: the store has already forgotten it. */
    logout: build.mutation<UserMessageResponse, { token: string }>({
      query: ({ token }) => ({ url: '/api/user/logout', method: 'POST', headers: { token } }),
    }),
    login: build.mutation<UserTokenResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/api/user/login', method: 'POST', body }),
    }),
    register: build.mutation<UserTokenResponse, { name: string; email: string; password: string }>({
      query: (body) => ({ url: '/api/user/register', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<UserMessageResponse, { email: string }>({
      query: (body) => ({ url: '/api/user/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<UserMessageResponse, { token: string; newPassword: string }>({
      query: ({ token, newPassword }) => ({
        url: `/api/user/reset-password/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { newPassword },
      }),
    }),
  }),
});

export const { useGetUserInfoQuery, useForgotPasswordMutation, useResetPasswordMutation } = sessionApi;

/** The forgot and reset calls run under these keys, so their progress and outcome are RTK Query's, readable by the pages. */
export const FORGOT_PASSWORD_KEY = 'forgot-password';
export const RESET_PASSWORD_KEY = 'reset-password';
