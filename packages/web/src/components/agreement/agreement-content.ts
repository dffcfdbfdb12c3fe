/**
 * Checks of an agreement's HTML that need no editor: the counts the domain's rule asks for and the
 * form rules built on it. Kept apart from the TipTap nodes so a form can validate without loading
 * the editor.
 */
import { AGREEMENT_MARK, type AgreementMarkCounts, agreementMarksError } from '@fieldpay/domain';
import type { FormRule } from 'antd';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** How many seals and signature fields an HTML text holds, as the editor writes them. */
export function countAgreementMarks(html: string): AgreementMarkCounts {
  const doc = parse(html);
  const count = (type: string) => doc.querySelectorAll(`span[data-type="${type}"]`).length;
  return {
    platformSeals: count(AGREEMENT_MARK.platformSeal),
    enterpriseSeals: count(AGREEMENT_MARK.enterpriseSeal),
    signatures: count(AGREEMENT_MARK.signature),
  };
}

/** An empty editor still writes `<p></p>`: empty means no visible text (every mark has a label). */
export const isAgreementContentEmpty = (html: string | undefined): boolean =>
  !html || !parse(html).body.textContent?.trim();

/** The rules of an agreement (or template) text field: required, then the marks the domain demands. */
export function agreementContentRules(kind: 'agreement' | 'template', requiredMessage: string): FormRule[] {
  return [
    {
      required: true,
      message: requiredMessage,
      validator: (_, value: string | undefined) =>
        isAgreementContentEmpty(value) ? Promise.reject(new Error(requiredMessage)) : Promise.resolve(),
    },
    {
      validator: (_, value: string | undefined) => {
        // the required rule has already said so
        if (isAgreementContentEmpty(value)) return Promise.resolve();
        const error = agreementMarksError(countAgreementMarks(value ?? ''), kind);
        return error ? Promise.reject(new Error(error)) : Promise.resolve();
      },
    },
  ];
}

/** The variables a text uses, once each in order of first use: a template's params (spec 3 §3). */
export function variablesOf(html: string): { key: string; value: string }[] {
  const seen = new Map<string, string>();
  for (const span of parse(html).querySelectorAll(`span[data-type="${AGREEMENT_MARK.variable}"]`)) {
    const key = span.getAttribute('data-key');
    if (key && !seen.has(key)) seen.set(key, span.textContent ?? key);
  }
  return Array.from(seen, ([key, value]) => ({ key, value }));
}

/** The text a reader sees (marks by their labels): what the sensitive-word check reads. */
export const agreementPlainText = (html: string): string => parse(html).body.textContent ?? '';
