/**
 * The marks an agreement's rich text may hold (spec 3 §5 "Enterprise agreement form", "Agreement
 * template"): seals where the platform and the enterprise sign an enterprise agreement, the one
 * signature field where a person signs a template's agreement, and template variables. The editor
 * writes each as `<span data-type="…">`; the web counts them in the editor and the server in the
 * stored HTML, and both ask the same rule below.
 */

export const AGREEMENT_MARK = {
  platformSeal: 'platform-seal',
  enterpriseSeal: 'enterprise-seal',
  signature: 'signature',
  variable: 'variable',
} as const;
export type AgreementMarkType = (typeof AGREEMENT_MARK)[keyof typeof AGREEMENT_MARK];

/** What each mark shows in the text. */
export const AGREEMENT_MARK_LABEL: Readonly<Record<Exclude<AgreementMarkType, 'variable'>, string>> = {
  'platform-seal': '平台印章',
  'enterprise-seal': '企业印章',
  signature: '签名',
};

export interface AgreementMarkCounts {
  platformSeals: number;
  enterpriseSeals: number;
  signatures: number;
}

export const AGREEMENT_CONTENT_MSG = {
  // enterprise agreement (online): the two parties' seals, once each, and no person's signature
  signatureNotAllowed: '不可添加签名',
  platformSealMissing: '请添加一个平台印章',
  platformSealTwice: '只能插入一个平台印章',
  enterpriseSealMissing: '请添加一个企业印章',
  enterpriseSealTwice: '只能插入一个企业印章',
  // agreement template: the person's one signature, no seals
  platformSealNotAllowed: '不可添加平台印章',
  enterpriseSealNotAllowed: '不可以添加企业章',
  signatureMissing: '请添加一个签名',
  signatureTwice: '只能插入一个签名',
} as const;

/**
 * The first thing wrong with the marks of a text, or undefined. An enterprise agreement carries
 * exactly one platform seal and one enterprise seal and no signature field; a template exactly one
 * signature field and no seal.
 */
export function agreementMarksError(marks: AgreementMarkCounts, kind: 'agreement' | 'template'): string | undefined {
  const m = AGREEMENT_CONTENT_MSG;
  if (kind === 'agreement') {
    if (marks.signatures > 0) return m.signatureNotAllowed;
    if (marks.platformSeals === 0) return m.platformSealMissing;
    if (marks.platformSeals > 1) return m.platformSealTwice;
    if (marks.enterpriseSeals === 0) return m.enterpriseSealMissing;
    if (marks.enterpriseSeals > 1) return m.enterpriseSealTwice;
    return undefined;
  }
  if (marks.platformSeals > 0) return m.platformSealNotAllowed;
  if (marks.enterpriseSeals > 0) return m.enterpriseSealNotAllowed;
  if (marks.signatures === 0) return m.signatureMissing;
  if (marks.signatures > 1) return m.signatureTwice;
  return undefined;
}
