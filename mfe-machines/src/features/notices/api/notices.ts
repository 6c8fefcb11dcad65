import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  queryKeys,
  type AffectedList,
  type ExportFormat,
  type Notice,
  type NoticeBody,
  type NoticeCloseBody,
  type NoticeList,
} from 'contracts';
import { http } from 'shared-ui';
import { saveFile } from '../../../api/save-file';

/** The safety notices' calls (docs/decisions/0045-safety-notices.md), all under queryKeys.notices. */
export const noticesQuery = queryOptions({
  queryKey: queryKeys.notices,
  queryFn: async () => (await http.get<NoticeList>(apiPaths.notices())).data,
});

export const affectedQuery = (noticeId: number, page: number, perPage: number) =>
  queryOptions({
    queryKey: [...queryKeys.notices, noticeId, 'affected', page, perPage],
    queryFn: async () =>
      (
        await http.get<AffectedList>(apiPaths.noticeAffected(noticeId), {
          params: { page, per_page: perPage },
        })
      ).data,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.notices });
}

export function usePublishNotice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: NoticeBody) => (await http.post<Notice>(apiPaths.notices(), body)).data,
    onSuccess: refresh,
  });
}

export function useCloseNotice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...body }: NoticeCloseBody & { id: number }) =>
      (await http.post<Notice>(apiPaths.noticeClose(id), body)).data,
    onSuccess: refresh,
  });
}

export const exportAffected = (noticeId: number, format: ExportFormat) =>
  saveFile(apiPaths.noticeAffectedExport(noticeId), { format }, `sicherheitshinweis-${noticeId}.${format}`);
