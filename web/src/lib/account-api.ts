/** The signed-in person's own account: the profile page and the checkout's "save this address" share it. */
import { useMutation } from '@tanstack/react-query';
import { api } from './api-client';
import { setUser } from './auth';
import { STORAGE_KEYS, writeString } from './storage';
import type { Address, User } from '@/types/api';

/** PUT /auth/profile: the name and/or the saved address; the answer becomes the signed-in user. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: { name?: string; address?: Partial<Address> }) => api.put<{ user: User }>('/auth/profile', body).then((r) => r.user),
    onSuccess: (user) => setUser(user),
  });
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/**
 * PUT /auth/change-password. Resolves to whether the session goes on: a fresh token is
 * kept; without one the old token no longer works and the person signs in again.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => api.put<{ message?: string; token?: string; user?: User }>('/auth/change-password', body),
    onSuccess: (res) => {
      if (res?.token) writeString(STORAGE_KEYS.token, res.token);
    },
  });
}
