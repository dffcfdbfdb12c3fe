/**
 * A list's columns as this user arranged them (spec 2 §2.8, §7): the defaults of the user's
 * audience at once, then the saved layout once loaded; saving from the field-settings dialog or by
 * resizing a column stores it for the next visit.
 */
import {
  type ColumnLayoutItem,
  type ColumnLayoutResult,
  type ColumnLayoutServiceName,
  columnAudienceOf,
  defaultColumns,
  mergeColumnLayout,
  resizedColumnWidth,
  visibleColumns,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSession } from '../../app/session-store';
import { fetchColumnLayout, saveColumnLayout } from './column-layout-calls';

export interface ColumnLayout {
  /** every field of the list, in the user's order, with widths and choices */
  columns: ColumnLayoutItem[];
  /** the fields the table shows */
  visible: ColumnLayoutItem[];
  loading: boolean;
  /** Saves the whole layout (field settings); rejects when the server refuses. */
  save(columns: ColumnLayoutItem[]): Promise<void>;
  /** Stores a column's new width (at least 10) and marks it fixed. */
  resize(prop: string, width: number): Promise<void>;
}

export function useColumnLayout(serviceName: ColumnLayoutServiceName): ColumnLayout {
  const side = useSession((state) => state.side);
  const userInfo = useSession((state) => state.userInfo);
  const audience = columnAudienceOf(side, userInfo?.userIdentity ?? 2);
  const defaults = useMemo(() => defaultColumns(serviceName, audience) ?? [], [serviceName, audience]);
  const queryClient = useQueryClient();
  // a layout belongs to the user on one tenant (the server keys it so)
  const queryKey = useMemo(
    () => ['columnLayout', serviceName, userInfo?.account ?? '', userInfo?.tenant.id ?? null] as const,
    [serviceName, userInfo?.account, userInfo?.tenant.id],
  );
  const query = useQuery({
    queryKey,
    queryFn: () => fetchColumnLayout(serviceName),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const columns = useMemo(() => mergeColumnLayout(query.data?.contentJson ?? null, defaults), [query.data, defaults]);
  const visible = useMemo(() => visibleColumns(columns), [columns]);

  const save = useCallback(
    async (next: ColumnLayoutItem[]) => {
      const previous = queryClient.getQueryData<ColumnLayoutResult>(queryKey);
      // the table follows at once; the server's answer (or the old layout on failure) settles it
      queryClient.setQueryData<ColumnLayoutResult>(queryKey, {
        serviceName,
        type: 0,
        contentJson: next,
        custom: true,
      });
      try {
        queryClient.setQueryData(queryKey, await saveColumnLayout(serviceName, next));
      } catch (error) {
        if (previous) queryClient.setQueryData(queryKey, previous);
        else await queryClient.resetQueries({ queryKey, exact: true });
        throw error;
      }
    },
    [queryClient, queryKey, serviceName],
  );

  const resize = useCallback(
    (prop: string, width: number) =>
      save(
        columns.map((column) =>
          column.prop === prop ? { ...column, width: resizedColumnWidth(width), isWidth: true } : column,
        ),
      ),
    [columns, save],
  );

  return { columns, visible, loading: query.isLoading, save, resize };
}
