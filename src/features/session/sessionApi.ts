import { baseApi } from '../../api/baseApi';
import type { User, UserInfoResponse, UserMessageResponse, UserTokenResponse } from '../../domain/types';

/** The user calls of SPEC §7. Only `getUserInfo` sends the token (added by baseApi). */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserInfo: build.query<User, void>({
      query: () => '/api/user/info',
      transformResponse: (r: UserInfoResponse) => ({ name: r.user?.name ?? '', email: r.user?.email ?? '' }),
      providesTags: ['User'],
      // The profile lives in the session slice; the cache entry is not kept for later readers.
      keepUnusedDataFor: 0,
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

export const { useForgotPasswordMutation, useResetPasswordMutation } = sessionApi;
