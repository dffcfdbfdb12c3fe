/** How the settlement screens show money and times. */
import { formatChinaDateTime, formatYuanText, type ParentProjectType } from '@fieldpay/domain';

/** Yuan text from the API with the yen sign and thousands separators. */
export const yuan = formatYuanText;

/** An instant in China time, or null for a dash. */
export const chinaTime = (value: number | null) => (value === null ? null : formatChinaDateTime(value));

/**
 * A project's service types as select options: a parent with types under it is a group named by
 * the parent (学术会议: 科室会, 城市会), a type that is its own parent (采购服务) a plain option.
 */
export function serviceTypeOptions(parents: readonly ParentProjectType[]) {
  return parents.map((parent) =>
    parent.children.length === 1 && parent.children[0].value === parent.value
      ? { value: parent.children[0].value, label: parent.children[0].label }
      : { label: parent.label, title: parent.label, options: parent.children.map((child) => ({ ...child })) },
  );
}
