/**
 * Masking of personal data on the way out (DESIGN §5). Every function accepts empty, short or
 * missing input and never reveals more than its rule; characters are counted as code points so
 * rare Han characters outside the BMP stay whole.
 */

const MASK = '*';

/** Placeholder of masked risk fields until the desensitized view is unlocked (spec 3 §4). */
export const MASKED_PLACEHOLDER = '**';

const chars = (value: string | null | undefined) => Array.from(value ?? '');

/**
 * Keeps `keepStart` leading and `keepEnd` trailing characters and masks the rest, one star per
 * character. When the value is too short to hide at least one character that way, only its first
 * character stays (a single character is masked entirely).
 */
export function maskMiddle(value: string | null | undefined, keepStart: number, keepEnd: number): string {
  const all = chars(value);
  if (all.length === 0) return '';
  if (all.length <= keepStart + keepEnd) {
    return all.length === 1 ? MASK : all[0] + MASK.repeat(all.length - 1);
  }
  return (
    all.slice(0, keepStart).join('') +
    MASK.repeat(all.length - keepStart - keepEnd) +
    all.slice(all.length - keepEnd).join('')
  );
}

/** Phone: the middle is masked, 13800000001 -> 138****0001 (spec 1 §9). */
export function maskPhone(phone: string | null | undefined): string {
  return maskMiddle(phone, 3, 4);
}

/**
 * National ID: first 3 and last 4 kept, 11010519491231002X -> 110***********002X. Not the first 6:
 * the full division code plus the visible tail would narrow a person down to one county.
 */
export function maskIdCard(idCard: string | null | undefined): string {
  return maskMiddle(idCard, 3, 4);
}

/**
 * Bank card: only the last 4 digits, behind three fixed groups, 6222021234567890123 -> **** **** **** 0123.
 * The fixed groups also hide the card's length. Cards of 4 digits or fewer are masked entirely.
 */
export function maskBankCard(card: string | null | undefined): string {
  const digits = chars(card).filter((char) => char !== ' ');
  if (digits.length === 0) return '';
  if (digits.length <= 4) return MASK.repeat(digits.length);
  return `**** **** **** ${digits.slice(-4).join('')}`;
}

/** Name: 张三 -> 张*, 张小三 -> 张*三, 欧阳娜娜 -> 欧**娜; a single character becomes *. */
export function maskName(name: string | null | undefined): string {
  const all = chars(name);
  if (all.length <= 1) return MASK.repeat(all.length);
  if (all.length === 2) return all[0] + MASK;
  return all[0] + MASK.repeat(all.length - 2) + all[all.length - 1];
}

/**
 * E-mail: the first 2 characters of the local part kept (1 when it has 2-3, none when 1),
 * zhangsan@example.com -> zh******@example.com; the domain stays, as it identifies no one.
 */
export function maskEmail(email: string | null | undefined): string {
  const value = email ?? '';
  const at = value.lastIndexOf('@');
  if (at <= 0) return maskMiddle(value, 1, 0);
  const local = chars(value.slice(0, at));
  const keep = local.length > 3 ? 2 : Math.min(1, local.length - 1);
  return local.slice(0, keep).join('') + MASK.repeat(local.length - keep) + value.slice(at);
}

/**
 * A free-text contact ("张伟 13812345678"): every word holding a digit is masked as a phone, every
 * other word as a name, separators stay. Over-masks a label such as 联系人 rather than guess.
 */
export function maskContact(contact: string | null | undefined): string {
  return (contact ?? '').replace(/[^\s,，;；:：、/|()（）]+/g, (word) =>
    /\d/.test(word) ? maskMiddle(word, 3, 4) : maskName(word),
  );
}

/** Corporate account number (channel or virtual account): only the last 4 digits, as a bank card. */
export function maskAccountNo(accountNo: string | null | undefined): string {
  return maskBankCard(accountNo);
}
