/**
 * The one remote select of the console (spec 1 §5, §7; spec 3 §7): a paged lookup of the
 * catalogue behind an antd Select. Opening loads page 1 (20 rows); scrolling to the bottom loads
 * the next page until the total is reached; typing searches after 300 ms by the kind's name
 * filter, at most 30 characters; only the newest request's answer is used; an empty answer shows
 * 暂无数据; disabled tenants and enterprises carry the 【已禁用】 prefix and cannot be picked.
 */
import {
  INPUT_MAX_LENGTH,
  LOOKUPS,
  type LookupFilters,
  type LookupKind,
  type LookupRecord,
  lookupOptionLabel,
  lookupRowDisabled,
  MSG,
  PAGE_SIZE,
} from '@fieldpay/domain';
import { Empty, Select, Spin } from 'antd';
import { type CSSProperties, type UIEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchLookup } from './remote-select-calls';
import './remote-select.css';

export const REMOTE_SELECT_DEBOUNCE_MS = 300;
/** how close to the bottom of the list (px) the next page starts loading */
const LOAD_MORE_THRESHOLD_PX = 32;

export type LookupValue = number | string;

export interface RemoteSelectProps<K extends LookupKind> {
  kind: K;
  value?: LookupValue | null;
  onChange?(value: LookupValue | undefined, record: LookupRecord<K> | undefined): void;
  /** the kind's other filters (the search box fills its name filter) */
  filters?: Partial<LookupFilters<K>>;
  /** the label of a value the form already holds, shown until that row is loaded */
  initialLabel?: string;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

interface RemoteOption {
  value: LookupValue;
  label: string;
  disabled: boolean;
  description?: string;
}

const statusOf = (record: object): number | undefined =>
  'status' in record && typeof record.status === 'number' ? record.status : undefined;

export function RemoteSelect<K extends LookupKind>({
  kind,
  value,
  onChange,
  filters,
  initialLabel,
  placeholder,
  allowClear = true,
  disabled,
  id,
  className,
  style,
  'aria-label': ariaLabel,
}: RemoteSelectProps<K>) {
  const definition = LOOKUPS[kind];
  const [records, setRecords] = useState<LookupRecord<K>[]>([]);
  const [total, setTotal] = useState(0);
  const [pageNo, setPageNo] = useState(0);
  const [loading, setLoading] = useState(false);
  const [searchText, setSearchText] = useState('');
  /** the search text of the rows shown; null until the first page of these filters arrives */
  const [loadedText, setLoadedText] = useState<string | null>(null);
  const [picked, setPicked] = useState<LookupRecord<K> | undefined>(undefined);
  const sequence = useRef(0);
  const isOpen = useRef(false);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // filters arrive as a new object on every render of the parent; compare them by content
  const filtersKey = JSON.stringify(filters ?? {});
  const statusFilter = (filters as { status?: number } | undefined)?.status;

  const load = useCallback(
    async (page: number, text: string) => {
      const request = ++sequence.current;
      setLoading(true);
      try {
        const answer = await fetchLookup(kind, {
          filters: {
            ...(JSON.parse(filtersKey) as Partial<LookupFilters<K>>),
            [definition.searchKey]: text || undefined,
          },
          pageNo: page,
          pageSize: PAGE_SIZE.remoteSelect,
        });
        if (request !== sequence.current) return; // a newer search or page has been asked for
        setRecords((shown) => (page === 1 ? answer.records : [...shown, ...answer.records]));
        setTotal(answer.total);
        setPageNo(page);
        setLoadedText(text);
      } catch {
        // the request layer has shown the server's message; a failed first page leaves the list empty
        if (request !== sequence.current) return;
        if (page === 1) {
          setRecords([]);
          setTotal(0);
          setPageNo(0);
          setLoadedText(text);
        }
      } finally {
        if (request === sequence.current) setLoading(false);
      }
    },
    [kind, filtersKey, definition.searchKey],
  );

  // other filters make the loaded rows wrong: forget them and drop any answer still on its way;
  // an open list loads again at once
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filters' content changes
  useEffect(() => {
    sequence.current++;
    setRecords([]);
    setTotal(0);
    setPageNo(0);
    setLoadedText(null);
    setLoading(false);
    if (isOpen.current) void load(1, searchText.trim());
  }, [kind, filtersKey]);

  useEffect(() => () => clearTimeout(debounce.current), []);

  const onOpenChange = (open: boolean) => {
    isOpen.current = open;
    if (open) {
      if (loadedText !== searchText.trim()) void load(1, searchText.trim());
      return;
    }
    // leaving the select drops the search, so the next opening starts from the full list
    clearTimeout(debounce.current);
    setSearchText('');
  };

  const onSearch = (typed: string) => {
    const text = Array.from(typed).slice(0, INPUT_MAX_LENGTH.lookup).join('');
    setSearchText(text);
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => void load(1, text.trim()), REMOTE_SELECT_DEBOUNCE_MS);
  };

  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const nearBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_THRESHOLD_PX;
    if (nearBottom && !loading && loadedText !== null && records.length < total) void load(pageNo + 1, loadedText);
  };

  const options = useMemo<RemoteOption[]>(
    () =>
      records.map((record) => {
        const rowDisabled = lookupRowDisabled(kind, statusOf(record), statusFilter);
        return {
          value: record.value,
          label: lookupOptionLabel(record.label, rowDisabled),
          disabled: rowDisabled,
          description: record.description,
        };
      }),
    [records, kind, statusFilter],
  );

  const selectedLabel = (() => {
    if (value === undefined || value === null) return undefined;
    const shown = options.find((option) => option.value === value);
    if (shown) return shown.label;
    if (picked && picked.value === value) return picked.label;
    return initialLabel ?? String(value);
  })();

  return (
    <Select<{ value: LookupValue; label: string } | undefined, RemoteOption>
      id={id}
      className={className}
      style={style}
      aria-label={ariaLabel}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder ?? MSG.lookupPlaceholder(definition.title)}
      labelInValue
      value={selectedLabel === undefined ? undefined : { value: value as LookupValue, label: selectedLabel }}
      onChange={(next) => {
        const record = next ? records.find((r) => r.value === next.value) : undefined;
        setPicked(record);
        onChange?.(next?.value, record);
      }}
      showSearch={{ searchValue: searchText, onSearch, filterOption: false, autoClearSearchValue: true }}
      onOpenChange={onOpenChange}
      onPopupScroll={onPopupScroll}
      options={options}
      loading={loading}
      optionRender={(option) => (
        <div className="remote-select-option">
          <div className="remote-select-option-label">{option.data.label}</div>
          {option.data.description && <div className="remote-select-option-description">{option.data.description}</div>}
        </div>
      )}
      notFoundContent={
        loading ? (
          <div className="remote-select-loading">
            <Spin size="small" />
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyList} />
        )
      }
      popupRender={(menu) => (
        <>
          {menu}
          {loading && records.length > 0 && (
            <div className="remote-select-more">
              <Spin size="small" /> {MSG.lookupLoadingMore}
            </div>
          )}
        </>
      )}
    />
  );
}
