/**
 * An online agreement's text is HTML the agreement editor writes. Stored only through the allowlist
 * below (no scripts, links, images or styles: the signing page and the console both show it), and
 * read back here for the rule on its seals and for the signed PDF's paragraphs.
 */
import { AGREEMENT_MARK, type AgreementMarkCounts, type AgreementMarkType } from '@fieldpay/domain';
import { parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { attribs: Record<string, string> }>;

const MARK_TYPES = new Set<string>(Object.values(AGREEMENT_MARK));

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'span',
  ],
  allowedAttributes: { span: ['data-type', 'data-key', 'class'] },
  allowedClasses: {
    span: ['agreement-mark', 'agreement-mark-seal', 'agreement-mark-signature', 'agreement-mark-variable'],
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'span' && !!frame.attribs['data-type'] && !MARK_TYPES.has(frame.attribs['data-type']),
};

export const sanitizeAgreementHtml = (html: string): string => sanitizeHtml(html, OPTIONS);

const isElement = (node: ChildNode): node is Element => 'attribs' in node;

function walk(nodes: ChildNode[], visit: (element: Element) => boolean | undefined): void {
  for (const node of nodes) {
    if (!isElement(node)) continue;
    if (visit(node) === false) continue;
    walk(node.children, visit);
  }
}

/** The seals and signature fields the text holds. */
export function countAgreementMarks(html: string): AgreementMarkCounts {
  const counts: AgreementMarkCounts = { platformSeals: 0, enterpriseSeals: 0, signatures: 0 };
  walk(parseDocument(html).children, (element) => {
    const type = element.name === 'span' ? element.attribs['data-type'] : undefined;
    if (type === AGREEMENT_MARK.platformSeal) counts.platformSeals += 1;
    else if (type === AGREEMENT_MARK.enterpriseSeal) counts.enterpriseSeals += 1;
    else if (type === AGREEMENT_MARK.signature) counts.signatures += 1;
    return type ? false : undefined;
  });
  return counts;
}

/** What a mark reads as in plain text: a seal as who sealed it, a variable as its value, and so on. */
export type MarkText = (type: AgreementMarkType, key: string | undefined, label: string) => string;

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'li', 'blockquote']);

/** The text as paragraphs (for a PDF), each mark written as `markText` says. */
export function agreementParagraphs(html: string, markText: MarkText): string[] {
  const paragraphs: string[] = [];
  const textOf = (nodes: ChildNode[]): string =>
    nodes
      .map((node) => {
        if (node.type === 'text') return node.data;
        if (!isElement(node)) return '';
        if (node.name === 'br') return '\n';
        const type = node.name === 'span' ? node.attribs['data-type'] : undefined;
        if (type && MARK_TYPES.has(type)) {
          return markText(type as AgreementMarkType, node.attribs['data-key'], textOf(node.children));
        }
        return textOf(node.children);
      })
      .join('');
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isElement(node)) {
        if (node.type === 'text' && node.data.trim()) paragraphs.push(node.data.trim());
        continue;
      }
      if (BLOCKS.has(node.name) && !node.children.some((child) => isElement(child) && BLOCKS.has(child.name))) {
        const text = textOf(node.children).trim();
        if (text)
          paragraphs.push(
            ...text
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
          );
      } else {
        visit(node.children);
      }
    }
  };
  visit(parseDocument(html).children);
  return paragraphs;
}

/** The text as it reads, marks by their labels: what the sensitive-word check and emptiness see. */
export const agreementText = (html: string): string =>
  agreementParagraphs(html, (_type, _key, label) => label).join('\n');

/** A stored agreement text is HTML from the editor, or (older agreements) plain clauses a line each. */
export const isAgreementHtml = (content: string): boolean => content.trimStart().startsWith('<');
