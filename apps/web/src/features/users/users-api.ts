import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type UserCreate, type UserUpdate, userSchema } from '@duka/domain';
import { api } from '../../lib/api-client';

export const USERS_KEY = ['users'] as const;

export function useUsers() {
  return useQuery({ queryKey: USERS_KEY, queryFn: () => api('/api/users', { schema: z.array(userSchema) }) });
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreate) => api('/api/users', { method: 'POST', body, schema: userSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserUpdate }) =>
      api(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: userSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api(`/api/users/${encodeURIComponent(id)}/password`, { method: 'POST', body: { password } }),
  });
}
