import {
  ActionAccepted,
  BackupList,
  ConsoleAddress,
  type ReinstallBody,
  ReinstallState,
  type RestoreBody,
  type ReverseDnsBody,
  ReverseDnsList,
  Templates,
} from "@contracts/server-actions.ts";
import { api, queryKeys } from "@hosting-portal/shared-ui";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/**
 * The "Manage server" calls of one VPS. Their query keys sit under the service's own key
 * (`services.one(id)`), so the live `services` topic (a reinstall's progress, the service row)
 * refreshes them with the page.
 */
const base = (id: string) => `/api/services/${encodeURIComponent(id)}`;

export const serverKeys = {
  reinstall: (id: string) => [...queryKeys.services.one(id), "reinstall"] as const,
  templates: (id: string) => [...queryKeys.services.one(id), "templates"] as const,
  reverseDns: (id: string) => [...queryKeys.services.one(id), "reverse-dns"] as const,
  backups: (id: string) => [...queryKeys.services.one(id), "backups"] as const,
};

/** GET …/reinstall: the latest reinstall; its progress arrives through the event stream. */
export const reinstallQueryOptions = (id: string) =>
  queryOptions({
    queryKey: serverKeys.reinstall(id),
    queryFn: ({ signal }) => api.get(`${base(id)}/reinstall`, ReinstallState, { signal }),
  });

export const useReinstall = (id: string) => useQuery(reinstallQueryOptions(id));

/** The provider's systems, read when the reinstall dialog opens. */
export const useTemplates = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: serverKeys.templates(id),
    queryFn: ({ signal }) => api.get(`${base(id)}/templates`, Templates, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

export const useStartReinstall = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReinstallBody) => api.post(`${base(id)}/reinstall`, body, ActionAccepted),
    onSettled: () => client.invalidateQueries({ queryKey: serverKeys.reinstall(id) }),
  });
};

/** POST …/console: a short-lived address, asked for on the click and never cached. */
export const fetchConsoleAddress = (id: string) =>
  api.post(`${base(id)}/console`, {}, ConsoleAddress);

export const reverseDnsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: serverKeys.reverseDns(id),
    queryFn: ({ signal }) => api.get(`${base(id)}/reverse-dns`, ReverseDnsList, { signal }),
  });

export const useReverseDns = (id: string) => useQuery(reverseDnsQueryOptions(id));

export const useSetReverseDns = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReverseDnsBody) => api.put(`${base(id)}/reverse-dns`, body, ActionAccepted),
    onSuccess: () => client.invalidateQueries({ queryKey: serverKeys.reverseDns(id) }),
  });
};

/** GET …/backups; read again every few seconds while the provider says one is running. */
export const backupsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: serverKeys.backups(id),
    queryFn: ({ signal }) => api.get(`${base(id)}/backups`, BackupList, { signal }),
    refetchInterval: (query) => (query.state.data?.running ? 3_000 : false),
  });

export const useBackups = (id: string) => useQuery(backupsQueryOptions(id));

export const useCreateBackup = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${base(id)}/backups`, {}, ActionAccepted),
    onSettled: () => client.invalidateQueries({ queryKey: serverKeys.backups(id) }),
  });
};

export const useRestoreBackup = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RestoreBody) =>
      api.post(`${base(id)}/backups/restore`, body, ActionAccepted),
    onSettled: () => client.invalidateQueries({ queryKey: serverKeys.backups(id) }),
  });
};
