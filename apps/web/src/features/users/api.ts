/**
 * Staff, departments and roles of the agency (/api/v2/user/*) as TanStack Query hooks.
 * Saves made from a dialog are `silent`: the dialog shows the server's message next to the form.
 * Staff changes also invalidate ['companies'] because client lists show who serves them.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DepDelBody,
  DepListData,
  DepSaveBody,
  RoleDelBody,
  RoleListData,
  RoleSaveBody,
  SavedId,
  UserAssignCompaniesBody,
  UserCompaniesData,
  UserListBody,
  UserListData,
  UserOptionsData,
  UserResetPasswordBody,
  UserSaveBody,
  UserStatusBody,
} from '@dzy/domain/contracts/users.contract';
import { api } from '../../lib/http';

export const userKeys = {
  all: ['users'] as const,
  list: (q: UserListBody) => ['users', 'list', q] as const,
  options: () => ['users', 'options'] as const,
  companies: (userId: number) => ['users', 'companies', userId] as const,
  deps: () => ['users', 'deps'] as const,
  roles: () => ['users', 'roles'] as const,
};

// ------------------------------------------------------------------------------------------------ staff

export function useUserList(q: UserListBody) {
  return useQuery({
    queryKey: userKeys.list(q),
    queryFn: () => api<UserListData>('/api/v2/user/userList', q),
    placeholderData: keepPreviousData,
  });
}

/** Active staff as picker options (id, CnName). */
export function useUserOptions(enabled = true) {
  return useQuery({
    queryKey: userKeys.options(),
    queryFn: () => api<UserOptionsData>('/api/v2/user/userOptions', {}),
    select: (d) => d.list,
    enabled,
  });
}

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserSaveBody) => api<SavedId>('/api/v2/user/userSave', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
    meta: { silent: true },
  });
}

export function useSetUserStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserStatusBody) => api<unknown>('/api/v2/user/userStatus', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useResetUserPassword() {
  return useMutation({
    mutationFn: (body: UserResetPasswordBody) => api<unknown>('/api/v2/user/userResetPassword', body),
    meta: { silent: true },
  });
}

export function useUserCompanies(userId: number | undefined) {
  return useQuery({
    queryKey: userKeys.companies(userId ?? 0),
    queryFn: () => api<UserCompaniesData>('/api/v2/user/userCompanies', { userId }),
    enabled: userId !== undefined,
    staleTime: 0,
  });
}

export function useAssignUserCompanies() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UserAssignCompaniesBody) => api<unknown>('/api/v2/user/userAssignCompanies', body),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: userKeys.all });
      await qc.invalidateQueries({ queryKey: ['companies'] });
    },
    meta: { silent: true },
  });
}

// ---------------------------------------------------------------------------------------------- departments

export function useDepartments() {
  return useQuery({
    queryKey: userKeys.deps(),
    queryFn: () => api<DepListData>('/api/v2/user/depList', {}),
    select: (d) => d.list,
  });
}

export function useSaveDepartment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DepSaveBody) => api<SavedId>('/api/v2/user/depSave', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
    meta: { silent: true },
  });
}

export function useDeleteDepartment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DepDelBody) => api<unknown>('/api/v2/user/depDel', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

// ---------------------------------------------------------------------------------------------------- roles

export function useRoles() {
  return useQuery({
    queryKey: userKeys.roles(),
    queryFn: () => api<RoleListData>('/api/v2/user/roleList', {}),
    select: (d) => d.list,
  });
}

export function useSaveRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleSaveBody) => api<SavedId>('/api/v2/user/roleSave', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
    meta: { silent: true },
  });
}

export function useDeleteRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleDelBody) => api<unknown>('/api/v2/user/roleDel', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}
