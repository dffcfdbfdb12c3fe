/**
 * What each configuration value may hold (spec 2 §9, spec 3 §7). A key declares its type and range
 * here once: the save call refuses anything else with the rule's message, and the readers parse
 * with the same rule (a stored value outside it falls back to the default).
 */
import { CONTENT_SHARE_ADDRESS_CONFIG_KEY } from '../content/statuses';
import { INVOICE_NUMBER_CONFIG_KEY, MANAGER_FILE_SIZE_CONFIG_KEY, QRCODE_ADDRESS_CONFIG_KEY } from '../limits';

/** How the configuration screen edits a value: a whole number in a range, or a web address. */
export type ConfigValueInput =
  | { type: 'wholeNumber'; min: number; max: number; unit: string }
  | { type: 'address'; maxLength: number };

export interface ConfigValueRule {
  /** the value's name as the configuration screen shows it */
  label: string;
  input: ConfigValueInput;
  /** why the text is refused, or null when it fits */
  refusal(content: string): string | null;
}

/** A whole number in decimal digits (no "1e3", "0x10", "10.5" or sign) between the bounds. */
export function wholeNumberRule(label: string, min: number, max: number, unit = ''): ConfigValueRule {
  return {
    label,
    input: { type: 'wholeNumber', min, max, unit },
    refusal: (content) =>
      /^\d{1,9}$/.test(content) && Number(content) >= min && Number(content) <= max
        ? null
        : `${label}应为${min}到${max}之间的整数${unit}`,
  };
}

const ADDRESS_MAX_LENGTH = 500;

/** An http(s) address (empty text is never saved: the save call requires content). */
export function webAddressRule(label: string): ConfigValueRule {
  return {
    label,
    input: { type: 'address', maxLength: ADDRESS_MAX_LENGTH },
    refusal: (content) => {
      if (content.length > ADDRESS_MAX_LENGTH) return `${label}不能超过${ADDRESS_MAX_LENGTH}个字符`;
      try {
        const url = new URL(content);
        if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return null;
      } catch {
        // not an address at all
      }
      return `${label}应为以 http:// 或 https:// 开头的网址`;
    },
  };
}

/** The upper bound of the attachment limit: far above any attachment rule, below the app package's 200 MB. */
export const MANAGER_FILE_SIZE_MAX_MB = 100;

export const CONFIG_VALUE_RULES: Readonly<Record<string, ConfigValueRule>> = {
  [MANAGER_FILE_SIZE_CONFIG_KEY]: wholeNumberRule('附件大小上限', 1, MANAGER_FILE_SIZE_MAX_MB, '（单位 MB）'),
  [INVOICE_NUMBER_CONFIG_KEY]: wholeNumberRule('发票号码数量上限', 1, 50),
  [QRCODE_ADDRESS_CONFIG_KEY]: webAddressRule('APP下载地址'),
  [CONTENT_SHARE_ADDRESS_CONFIG_KEY]: webAddressRule('文章/问卷分享地址'),
};

/** The rule of a key, if it has one. */
export const configValueRule = (configKey: string): ConfigValueRule | undefined =>
  Object.hasOwn(CONFIG_VALUE_RULES, configKey) ? CONFIG_VALUE_RULES[configKey] : undefined;

/** Why a value is refused for its key (a key without a rule is no configuration value), or null. */
export function configValueRefusal(configKey: string, content: string): string | null {
  const rule = configValueRule(configKey);
  return rule ? rule.refusal(content) : null;
}

/** A stored whole-number value read with its rule, or the default when it does not fit. */
export function wholeNumberConfig(configKey: string, content: string | undefined, fallback: number): number {
  if (content === undefined) return fallback;
  const trimmed = content.trim();
  return configValueRefusal(configKey, trimmed) === null && /^\d+$/.test(trimmed) ? Number(trimmed) : fallback;
}
