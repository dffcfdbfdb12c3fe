/**
 * The rich text editor of enterprise agreements and agreement templates (TipTap): the formatting of
 * the article editor plus the marks an agreement is signed at (seals, the signature field) and
 * template variables, each an uneditable chip. With readOnly it is the viewer, so what a person
 * reads is drawn by the same schema and styles as what was written.
 */
import {
  BoldOutlined,
  DownOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  SafetyCertificateOutlined,
  SignatureOutlined,
  TagOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { AGREEMENT_MARK, AGREEMENT_MARK_LABEL, EDITOR_HEIGHTS_BY_MODE } from '@fieldpay/domain';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Dropdown, Tooltip } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  AGREEMENT_MARK_NODES,
  AGREEMENT_VARIABLE_NODE,
  type AgreementTool,
  type AgreementVariable,
} from './agreement-marks';
import './agreement-editor.css';

export type { AgreementTool, AgreementVariable } from './agreement-marks';

export interface AgreementEditorProps {
  /** HTML */
  value?: string;
  onChange?(html: string): void;
  id?: string;
  /** pixels of the writing area */
  height?: number;
  /** the accessible name of the writing area */
  label?: string;
  /** the marks the toolbar can insert */
  tools: AgreementTool[];
  /** when given, the toolbar inserts these as variable chips */
  variables?: AgreementVariable[];
  readOnly?: boolean;
  placeholder?: string;
}

// Module level: the editor is created once and useEditor compares extensions by identity.
const EXTENSIONS = [StarterKit, ...AGREEMENT_MARK_NODES];

interface FormatButton {
  title: string;
  icon: ReactNode;
  isActive(editor: Editor): boolean;
  run(editor: Editor): void;
}

const FORMATS: FormatButton[] = [
  {
    title: '标题',
    icon: <b>H</b>,
    isActive: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    title: '加粗',
    icon: <BoldOutlined />,
    isActive: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    title: '斜体',
    icon: <ItalicOutlined />,
    isActive: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    title: '下划线',
    icon: <UnderlineOutlined />,
    isActive: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    title: '有序列表',
    icon: <OrderedListOutlined />,
    isActive: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    title: '无序列表',
    icon: <UnorderedListOutlined />,
    isActive: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
];

const TOOLS: Record<AgreementTool, { icon: ReactNode; text: string }> = {
  platformSeal: { icon: <SafetyCertificateOutlined />, text: AGREEMENT_MARK_LABEL[AGREEMENT_MARK.platformSeal] },
  enterpriseSeal: { icon: <SafetyCertificateOutlined />, text: AGREEMENT_MARK_LABEL[AGREEMENT_MARK.enterpriseSeal] },
  signature: { icon: <SignatureOutlined />, text: AGREEMENT_MARK_LABEL[AGREEMENT_MARK.signature] },
};

// Keeps the editor's selection: a toolbar click would otherwise blur it before the command runs.
const keepSelection = (event: React.MouseEvent) => event.preventDefault();

export function AgreementEditor({
  value,
  onChange,
  id,
  // the agreement context's frame (spec 3 §2: mode 0, 500)
  height = EDITOR_HEIGHTS_BY_MODE[0],
  label = '协议内容',
  tools,
  variables,
  readOnly = false,
  placeholder = '请输入协议内容',
}: AgreementEditorProps) {
  // Later values arrive through the effect below; as an option they would be ignored anyway.
  const [initialContent] = useState(value ?? '');
  const editorProps = useMemo(() => {
    const attributes: Record<string, string> = {
      class: 'agreement-editor-content',
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': label,
    };
    if (id) attributes.id = id;
    if (readOnly) attributes['aria-readonly'] = 'true';
    else attributes['aria-placeholder'] = placeholder;
    return { attributes };
  }, [id, label, placeholder, readOnly]);

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editable: !readOnly,
    editorProps,
    onUpdate: ({ editor: current }) => onChange?.(current.getHTML()),
  });

  // useEditor keeps the editable flag of the instance across option changes.
  useEffect(() => {
    if (editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  // An outside value (a loaded agreement, a form reset) replaces the text; the echo of what the
  // editor itself emitted equals its HTML and is left alone, so the caret stays put while typing.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const next = value ?? '';
    if (next === editor.getHTML() || (!next && editor.isEmpty)) return;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      isEmpty: current.isEmpty,
      active: FORMATS.map((format) => format.isActive(current)),
    }),
  });

  const insert = (type: string, attrs?: Record<string, string>) =>
    editor.chain().focus().insertContent({ type, attrs }).run();

  return (
    <div className={readOnly ? 'agreement-editor agreement-editor-readonly' : 'agreement-editor'}>
      {!readOnly && (
        <div className="agreement-editor-toolbar">
          {FORMATS.map((format, index) => (
            <Tooltip key={format.title} title={format.title}>
              <Button
                type="text"
                size="small"
                aria-label={format.title}
                aria-pressed={state.active[index]}
                className={state.active[index] ? 'agreement-editor-active' : undefined}
                icon={format.icon}
                onMouseDown={keepSelection}
                onClick={() => format.run(editor)}
              />
            </Tooltip>
          ))}
          {(tools.length > 0 || variables) && <Divider orientation="vertical" />}
          {tools.map((tool) => (
            <Tooltip key={tool} title={`插入${TOOLS[tool].text}`}>
              <Button
                type="text"
                size="small"
                aria-label={`插入${TOOLS[tool].text}`}
                icon={TOOLS[tool].icon}
                onMouseDown={keepSelection}
                onClick={() => insert(tool)}
              >
                {TOOLS[tool].text}
              </Button>
            </Tooltip>
          ))}
          {variables && (
            <Dropdown
              trigger={['click']}
              disabled={variables.length === 0}
              menu={{
                items: variables.map((variable) => ({ key: variable.key, label: variable.label })),
                onClick: ({ key }) => {
                  const variable = variables.find((item) => item.key === key);
                  if (variable) insert(AGREEMENT_VARIABLE_NODE, { key: variable.key, label: variable.label });
                },
              }}
            >
              <Button type="text" size="small" aria-label="插入变量" icon={<TagOutlined />} onMouseDown={keepSelection}>
                插入变量 <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </div>
      )}
      <div className="agreement-editor-area" style={{ height }}>
        {!readOnly && state.isEmpty && (
          <div className="agreement-editor-placeholder" aria-hidden="true">
            {placeholder}
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
