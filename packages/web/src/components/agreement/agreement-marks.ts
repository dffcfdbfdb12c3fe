/**
 * The marks of an agreement's text as TipTap nodes: inline atoms, so a seal, the signature field or
 * a variable is selected and deleted as one piece and its label cannot be edited into something the
 * server would not count. Each writes the `<span data-type="…">` the domain counts
 * (@fieldpay/domain AGREEMENT_MARK) and reads it back from that same HTML.
 */
import { AGREEMENT_MARK, AGREEMENT_MARK_LABEL, type AgreementMarkType } from '@fieldpay/domain';
import { mergeAttributes, Node } from '@tiptap/core';

/** The toolbar's insert buttons, by the domain's names of the fixed marks. */
export type AgreementTool = 'platformSeal' | 'enterpriseSeal' | 'signature';

export interface AgreementVariable {
  key: string;
  label: string;
}

// Before any span-parsing mark (a text style) gets to claim the element.
const PARSE_PRIORITY = 100;

const fixedMark = (name: AgreementTool, kind: 'seal' | 'signature') => {
  const type = AGREEMENT_MARK[name] as Exclude<AgreementMarkType, 'variable'>;
  const label = AGREEMENT_MARK_LABEL[type];
  return Node.create({
    name,
    group: 'inline',
    inline: true,
    atom: true,
    selectable: true,
    parseHTML: () => [{ tag: `span[data-type="${type}"]`, priority: PARSE_PRIORITY }],
    renderHTML: () => ['span', { 'data-type': type, class: `agreement-mark agreement-mark-${kind}` }, label],
    renderText: () => label,
  });
};

export const PlatformSeal = fixedMark('platformSeal', 'seal');
export const EnterpriseSeal = fixedMark('enterpriseSeal', 'seal');
export const Signature = fixedMark('signature', 'signature');

/** The node name of a variable chip; its attrs are the variable's key and label. */
export const AGREEMENT_VARIABLE_NODE = 'agreementVariable';

/** The label is the chip's text, so the stored HTML reads as what the person sees. */
export const AgreementVariableNode = Node.create({
  name: AGREEMENT_VARIABLE_NODE,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: () => ({
    key: {
      default: '',
      parseHTML: (element) => element.getAttribute('data-key') ?? '',
      renderHTML: (attrs) => ({ 'data-key': attrs.key }),
    },
    label: {
      default: '',
      parseHTML: (element) => element.textContent ?? '',
      rendered: false,
    },
  }),
  parseHTML: () => [{ tag: `span[data-type="${AGREEMENT_MARK.variable}"]`, priority: PARSE_PRIORITY }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'span',
    mergeAttributes({ 'data-type': AGREEMENT_MARK.variable }, HTMLAttributes, {
      class: 'agreement-mark agreement-mark-variable',
    }),
    String(node.attrs.label),
  ],
  renderText: ({ node }) => String(node.attrs.label),
});

export const AGREEMENT_MARK_NODES = [PlatformSeal, EnterpriseSeal, Signature, AgreementVariableNode];
