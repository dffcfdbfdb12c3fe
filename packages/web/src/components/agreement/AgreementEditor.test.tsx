import type { Editor } from '@tiptap/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button, Form, type FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AgreementEditor, type AgreementEditorProps } from './AgreementEditor';
import { agreementContentRules, countAgreementMarks, isAgreementContentEmpty } from './agreement-content';

const PLATFORM_SEAL = '<span data-type="platform-seal" class="agreement-mark agreement-mark-seal">平台印章</span>';
const ENTERPRISE_SEAL = '<span data-type="enterprise-seal" class="agreement-mark agreement-mark-seal">企业印章</span>';
const SIGNATURE = '<span data-type="signature" class="agreement-mark agreement-mark-signature">签名</span>';
const variable = (key: string, label: string) =>
  `<span data-type="variable" data-key="${key}" class="agreement-mark agreement-mark-variable">${label}</span>`;

// ProseMirror measures the selection to scroll it into view; jsdom lays nothing out.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const VARIABLES = [
  { key: 'partyName', label: '乙方姓名' },
  { key: 'idNumber', label: '身份证号' },
];

const area = (name = '协议内容') => screen.getByRole('textbox', { name });
// TipTap hangs its editor on the editable element; tests use it to place the caret.
const editorOf = (element: HTMLElement) => (element as HTMLElement & { editor: Editor }).editor;
const lastHtml = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)?.[0] as string;

function Controlled(
  props: Omit<AgreementEditorProps, 'value' | 'onChange'> & { initial: string; spy: (html: string) => void },
) {
  const { initial, spy, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <AgreementEditor
      {...rest}
      value={value}
      onChange={(html) => {
        spy(html);
        setValue(html);
      }}
    />
  );
}

describe('AgreementEditor toolbar', () => {
  it('shows the formatting buttons and only the insert buttons its tools name', () => {
    render(<AgreementEditor tools={['platformSeal', 'enterpriseSeal']} />);
    for (const name of ['标题', '加粗', '斜体', '下划线', '有序列表', '无序列表', '插入平台印章', '插入企业印章'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '插入签名' })).toBeNull();
    expect(screen.queryByRole('button', { name: '插入变量' })).toBeNull();
  });

  it('a template editor offers the signature and the variables, no seal', () => {
    render(<AgreementEditor tools={['signature']} variables={VARIABLES} />);
    expect(screen.getByRole('button', { name: '插入签名' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '插入变量' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '插入平台印章' })).toBeNull();
    expect(screen.queryByRole('button', { name: '插入企业印章' })).toBeNull();
  });

  it('names the writing area and shows the placeholder only while empty', () => {
    const { rerender } = render(<AgreementEditor tools={[]} id="content" label="模板内容" />);
    expect(area('模板内容').id).toBe('content');
    expect(screen.getByText('请输入协议内容')).toBeTruthy();
    rerender(<AgreementEditor tools={[]} id="content" label="模板内容" value="<p>第一条</p>" />);
    expect(screen.queryByText('请输入协议内容')).toBeNull();
  });

  it('frames the writing area 500 high, the agreement context’s height, unless told', () => {
    const { container, rerender } = render(<AgreementEditor tools={[]} />);
    const frame = () => container.querySelector('.agreement-editor-area') as HTMLElement;
    expect(frame().style.height).toBe('500px');
    rerender(<AgreementEditor tools={[]} height={300} />);
    expect(frame().style.height).toBe('300px');
  });

  it('formats the selection and shows which formats are on', async () => {
    const onChange = vi.fn();
    render(<AgreementEditor tools={[]} value="<p>第一条 总则</p>" onChange={onChange} />);
    act(() => {
      editorOf(area()).commands.setTextSelection({ from: 1, to: 4 });
    });
    fireEvent.click(screen.getByRole('button', { name: '加粗' }));
    await waitFor(() => expect(lastHtml(onChange)).toBe('<p><strong>第一条</strong> 总则</p>'));
    expect(screen.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '标题' }));
    // StarterKit keeps a paragraph after a closing heading, to write on in
    await waitFor(() => expect(lastHtml(onChange)).toBe('<h2><strong>第一条</strong> 总则</h2><p></p>'));
  });
});

describe('AgreementEditor marks', () => {
  it('inserting a platform seal emits its span', async () => {
    const onChange = vi.fn();
    render(<AgreementEditor tools={['platformSeal']} value="<p>甲方：</p>" onChange={onChange} />);
    act(() => {
      editorOf(area()).commands.setTextSelection(4);
    });
    fireEvent.click(screen.getByRole('button', { name: '插入平台印章' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(lastHtml(onChange)).toBe(`<p>甲方：${PLATFORM_SEAL}</p>`);
  });

  it('inserts a variable chosen from the dropdown, its label as the text', async () => {
    const onChange = vi.fn();
    render(<AgreementEditor tools={['signature']} variables={VARIABLES} value="<p>乙方：</p>" onChange={onChange} />);
    act(() => {
      editorOf(area()).commands.setTextSelection(4);
    });
    fireEvent.click(screen.getByRole('button', { name: '插入变量' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '身份证号' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(lastHtml(onChange)).toBe(`<p>乙方：${variable('idNumber', '身份证号')}</p>`);
  });

  it('draws the marks of an outside value as chips and writes them back unchanged', async () => {
    const html = `<p>${PLATFORM_SEAL}${ENTERPRISE_SEAL}${SIGNATURE}${variable('partyName', '乙方姓名')}</p>`;
    const onChange = vi.fn();
    render(<AgreementEditor tools={['signature']} value={html} onChange={onChange} />);
    const chips = Array.from(area().querySelectorAll('.agreement-mark')).map((chip) => [
      chip.className,
      chip.textContent,
    ]);
    expect(chips).toEqual([
      ['agreement-mark agreement-mark-seal', '平台印章'],
      ['agreement-mark agreement-mark-seal', '企业印章'],
      ['agreement-mark agreement-mark-signature', '签名'],
      ['agreement-mark agreement-mark-variable', '乙方姓名'],
    ]);
    act(() => {
      editorOf(area()).commands.setTextSelection(1);
    });
    fireEvent.click(screen.getByRole('button', { name: '插入签名' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(lastHtml(onChange)).toBe(
      `<p>${SIGNATURE}${PLATFORM_SEAL}${ENTERPRISE_SEAL}${SIGNATURE}${variable('partyName', '乙方姓名')}</p>`,
    );
  });

  it('deletes a chip as one piece', async () => {
    const onChange = vi.fn();
    render(<AgreementEditor tools={[]} value={`<p>甲${PLATFORM_SEAL}乙</p>`} onChange={onChange} />);
    act(() => {
      const editor = editorOf(area());
      editor.chain().setNodeSelection(2).deleteSelection().run();
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(lastHtml(onChange)).toBe('<p>甲乙</p>');
  });

  it('keeps the caret when the form echoes the emitted value back', async () => {
    const spy = vi.fn();
    render(<Controlled tools={['platformSeal', 'enterpriseSeal']} initial="<p>甲方乙方</p>" spy={spy} />);
    act(() => {
      editorOf(area()).commands.setTextSelection(3);
    });
    fireEvent.click(screen.getByRole('button', { name: '插入平台印章' }));
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    // after the echo the caret is still right after the first seal
    fireEvent.click(screen.getByRole('button', { name: '插入企业印章' }));
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    expect(lastHtml(spy)).toBe(`<p>甲方${PLATFORM_SEAL}${ENTERPRISE_SEAL}乙方</p>`);
  });

  it('replaces its text with a new outside value without emitting it', () => {
    const onChange = vi.fn();
    const { rerender } = render(<AgreementEditor tools={[]} value="<p>旧的</p>" onChange={onChange} />);
    rerender(<AgreementEditor tools={[]} value={`<p>新的${SIGNATURE}</p>`} onChange={onChange} />);
    expect(area().textContent).toBe('新的签名');
    expect(area().querySelector('.agreement-mark-signature')).toBeTruthy();
    rerender(<AgreementEditor tools={[]} value={undefined} onChange={onChange} />);
    expect(area().textContent).toBe('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('readOnly shows the same chips without a toolbar and cannot be edited', () => {
    render(<AgreementEditor tools={['platformSeal']} readOnly value={`<p>盖章：${PLATFORM_SEAL}</p>`} />);
    expect(screen.queryByRole('button', { name: '插入平台印章' })).toBeNull();
    expect(screen.queryByRole('button', { name: '加粗' })).toBeNull();
    expect(area().getAttribute('contenteditable')).toBe('false');
    expect(area().getAttribute('aria-readonly')).toBe('true');
    expect(area().querySelector('.agreement-mark-seal')?.textContent).toBe('平台印章');
  });
});

describe('countAgreementMarks', () => {
  it('counts each kind of mark, ignoring variables and look-alike text', () => {
    const html = `<p>${PLATFORM_SEAL}平台印章${ENTERPRISE_SEAL}</p><ol><li>${SIGNATURE}${SIGNATURE}${variable('k', '变量')}</li></ol>`;
    expect(countAgreementMarks(html)).toEqual({ platformSeals: 1, enterpriseSeals: 1, signatures: 2 });
    expect(countAgreementMarks('')).toEqual({ platformSeals: 0, enterpriseSeals: 0, signatures: 0 });
  });

  it('an empty editor writes an empty paragraph, which counts as no content', () => {
    expect(isAgreementContentEmpty('<p></p>')).toBe(true);
    expect(isAgreementContentEmpty('<p> </p><h2></h2>')).toBe(true);
    expect(isAgreementContentEmpty(undefined)).toBe(true);
    expect(isAgreementContentEmpty(`<p>${SIGNATURE}</p>`)).toBe(false);
  });
});

describe('agreementContentRules', () => {
  // the first message the rules give a value, as antd would show it
  const firstError = async (rules: FormRule[], value: string) => {
    for (const rule of rules as RuleObject[]) {
      try {
        await rule.validator?.(rule, value, () => undefined);
      } catch (error) {
        return (error as Error).message;
      }
    }
    return undefined;
  };

  it('marks the field required and rejects an empty editor with the given message', async () => {
    const rules = agreementContentRules('agreement', '请输入协议内容');
    expect((rules[0] as RuleObject).required).toBe(true);
    expect(await firstError(rules, '<p></p>')).toBe('请输入协议内容');
  });

  it('an enterprise agreement needs one platform and one enterprise seal and no signature', async () => {
    const rules = agreementContentRules('agreement', '请输入协议内容');
    expect(await firstError(rules, '<p>正文</p>')).toBe('请添加一个平台印章');
    expect(await firstError(rules, `<p>${PLATFORM_SEAL}${PLATFORM_SEAL}${ENTERPRISE_SEAL}</p>`)).toBe(
      '只能插入一个平台印章',
    );
    expect(await firstError(rules, `<p>${PLATFORM_SEAL}</p>`)).toBe('请添加一个企业印章');
    expect(await firstError(rules, `<p>${PLATFORM_SEAL}${ENTERPRISE_SEAL}${SIGNATURE}</p>`)).toBe('不可添加签名');
    expect(await firstError(rules, `<p>${PLATFORM_SEAL}${ENTERPRISE_SEAL}</p>`)).toBeUndefined();
  });

  it('a template needs one signature and no seal', async () => {
    const rules = agreementContentRules('template', '请输入模板内容');
    expect(await firstError(rules, '<p></p>')).toBe('请输入模板内容');
    expect(await firstError(rules, '<p>正文</p>')).toBe('请添加一个签名');
    expect(await firstError(rules, `<p>${SIGNATURE}${SIGNATURE}</p>`)).toBe('只能插入一个签名');
    expect(await firstError(rules, `<p>${SIGNATURE}${PLATFORM_SEAL}</p>`)).toBe('不可添加平台印章');
    expect(await firstError(rules, `<p>${SIGNATURE}${variable('partyName', '乙方姓名')}</p>`)).toBeUndefined();
  });

  it('works as a Form.Item child: the rules read what the editor writes', async () => {
    render(
      <Form>
        <Form.Item name="content" label="协议内容" rules={agreementContentRules('agreement', '请输入协议内容')}>
          <AgreementEditor tools={['platformSeal', 'enterpriseSeal']} />
        </Form.Item>
        <Button htmlType="submit">保存协议</Button>
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: '保存协议' }));
    expect(await screen.findByText('请输入协议内容')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '插入平台印章' }));
    expect(await screen.findByText('请添加一个企业印章')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '插入企业印章' }));
    const item = area().closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(item).queryByRole('alert')).toBeNull());
  });
});
