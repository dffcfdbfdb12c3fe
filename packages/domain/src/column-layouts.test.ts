import { describe, expect, it } from 'vitest';
import { columnLayoutSaveBodySchema } from './layouts/schemas';
import {
  COLUMN_LAYOUT_SERVICE_NAMES,
  COLUMN_SETS,
  type ColumnLayoutItem,
  columnAudienceOf,
  columnLayoutProblems,
  defaultColumns,
  mergeColumnLayout,
  resizedColumnWidth,
  visibleColumns,
} from './column-layouts';

const props = (items: readonly ColumnLayoutItem[] | null) => (items ?? []).map((item) => item.prop);

describe('default column sets', () => {
  it('map sides and identities to audiences', () => {
    expect(columnAudienceOf('platform', 1)).toBe('admin');
    expect(columnAudienceOf('platform', 2)).toBe('platform');
    expect(columnAudienceOf('enterprise', 2)).toBe('enterprise');
  });

  it('hold the platform-name column only in the admin and platform sets', () => {
    for (const list of ['settlementList', 'invoiceList', 'personalAgreementList'] as const) {
      expect(props(defaultColumns(list, 'admin'))).toContain('tenantName');
      expect(props(defaultColumns(list, 'platform'))).toContain('tenantName');
      expect(props(defaultColumns(list, 'enterprise'))).not.toContain('tenantName');
    }
  });

  it('show the signing platform of enterprise agreements to the operator only (spec 3 §6)', () => {
    expect(props(defaultColumns('enterpriseAgreementList', 'admin'))).toContain('tenantName');
    expect(props(defaultColumns('enterpriseAgreementList', 'platform'))).not.toContain('tenantName');
  });

  it('every set has unique props, a label, a width of at least 10 and one fixed field shown', () => {
    for (const name of COLUMN_LAYOUT_SERVICE_NAMES) {
      for (const set of Object.values(COLUMN_SETS[name]) as ColumnLayoutItem[][]) {
        expect(new Set(props(set)).size, name).toBe(set.length);
        for (const item of set) {
          expect(item.label.length, `${name}.${item.prop}`).toBeGreaterThan(0);
          expect(item.width, `${name}.${item.prop}`).toBeGreaterThanOrEqual(10);
        }
        const fixed = set.filter((item) => item.disabled);
        expect(fixed.length, name).toBeGreaterThan(0);
        expect(fixed.every((item) => item.isSelect)).toBe(true);
      }
    }
  });

  it('answers null for unknown lists and for audiences a list does not have', () => {
    expect(defaultColumns('noSuchList', 'admin')).toBeNull();
    expect(defaultColumns('toString', 'admin')).toBeNull();
    expect(defaultColumns('sensitiveWordList', 'enterprise')).toBeNull();
    expect(defaultColumns('sensitiveWordList', 'admin')).not.toBeNull();
  });
});

describe('merging a saved layout with the defaults', () => {
  const defaults = defaultColumns('noticeList', 'enterprise') ?? [];

  it('answers the defaults when nothing is saved', () => {
    expect(mergeColumnLayout(null, defaults)).toEqual(defaults);
  });

  it('keeps the saved order, widths and choices; labels and flags come from the defaults', () => {
    const saved: ColumnLayoutItem[] = [
      { prop: 'createTime', label: '旧名称', width: 5, sortable: false, isSelect: true, isWidth: true },
      { prop: 'title', label: '通知标题', width: 300, sortable: true, isSelect: false },
      { prop: 'content', label: '通知内容', width: 400, sortable: false, isSelect: false },
    ];
    const merged = mergeColumnLayout(saved, defaults);
    expect(props(merged)).toEqual(['createTime', 'title', 'content', 'type', 'readFlag']);
    expect(merged[0]).toMatchObject({ label: '通知时间', width: 10, sortable: true });
    // the title is fixed: shown whatever was saved
    expect(merged[1]).toMatchObject({ isSelect: true, width: 300, sortable: false });
    expect(merged[2].isSelect).toBe(false);
    expect(props(visibleColumns(merged))).toEqual(['createTime', 'title', 'type', 'readFlag']);
  });

  it('drops unknown and repeated fields and appends fields added since the save', () => {
    const saved: ColumnLayoutItem[] = [
      { prop: 'gone', label: '已下线', width: 100, sortable: false },
      { prop: 'title', label: '通知标题', width: 200, sortable: false },
      { prop: 'title', label: '通知标题', width: 999, sortable: false },
    ];
    const merged = mergeColumnLayout(saved, defaults);
    expect(props(merged)).toEqual(['title', 'type', 'content', 'readFlag', 'createTime']);
    expect(merged[0].width).toBe(200);
  });
});

describe('layout problems and widths', () => {
  const defaults = defaultColumns('noticeList', 'platform') ?? [];

  it('names unknown, repeated and removed fixed fields, and an empty choice', () => {
    const items: ColumnLayoutItem[] = [
      { prop: 'title', label: '通知标题', width: 100, sortable: false, isSelect: false },
      { prop: 'secret', label: '密码', width: 100, sortable: false },
      { prop: 'content', label: '内容', width: 100, sortable: false, isSelect: false },
      { prop: 'content', label: '内容', width: 100, sortable: false, isSelect: false },
    ];
    expect(columnLayoutProblems(items, defaults)).toEqual([
      '通知标题为固定字段，不能取消',
      '未知的字段：secret',
      '字段重复：content',
    ]);
    expect(
      columnLayoutProblems(
        [{ prop: 'content', label: '内容', width: 100, sortable: false, isSelect: false }],
        defaults,
      ),
    ).toEqual(['至少选择一个字段']);
    expect(columnLayoutProblems(defaults, defaults)).toEqual([]);
  });

  it('snaps widths under 10 to 10 and rounds to whole pixels', () => {
    expect(resizedColumnWidth(3)).toBe(10);
    expect(resizedColumnWidth(-40)).toBe(10);
    expect(resizedColumnWidth(9.6)).toBe(10);
    expect(resizedColumnWidth(10)).toBe(10);
    expect(resizedColumnWidth(123.4)).toBe(123);
    expect(resizedColumnWidth(5000)).toBe(2000);
    expect(resizedColumnWidth(Number.NaN)).toBe(10);
  });
});

describe('the save body', () => {
  const column = { prop: 'title', label: '通知标题', width: 4, sortable: false, isSelect: true };

  it('takes contentJson as JSON text or as an array, snapping widths, type 0 by default', () => {
    const fromText = columnLayoutSaveBodySchema.parse({
      serviceName: 'noticeList',
      contentJson: JSON.stringify([column]),
    });
    expect(fromText).toEqual({ serviceName: 'noticeList', type: 0, contentJson: [{ ...column, width: 10 }] });
    const fromArray = columnLayoutSaveBodySchema.parse({ serviceName: 'noticeList', contentJson: [column], type: 0 });
    expect(fromArray.contentJson[0].width).toBe(10);
  });

  it('refuses broken JSON, an empty list, wide columns, other types and odd names with Chinese messages', () => {
    const message = (body: unknown) => {
      const result = columnLayoutSaveBodySchema.safeParse(body);
      return result.success ? null : result.error.issues[0].message;
    };
    expect(message({ serviceName: 'noticeList', contentJson: '[{' })).toBe('字段设置内容格式错误');
    expect(message({ serviceName: 'noticeList', contentJson: '[]' })).toBe('至少选择一个字段');
    expect(message({ serviceName: 'noticeList', contentJson: [{ ...column, width: 2001 }] })).toBe('列宽不能超过2000');
    expect(message({ serviceName: 'noticeList', contentJson: [{ ...column, prop: 'a b' }] })).toBe(
      '字段设置内容格式错误',
    );
    expect(message({ serviceName: 'noticeList', contentJson: [column], type: 1 })).not.toBeNull();
    expect(message({ serviceName: '../x', contentJson: [column] })).toBe('该列表不支持字段设置');
  });
});
