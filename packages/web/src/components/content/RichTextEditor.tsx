/**
 * A small rich text editor for article bodies and project descriptions: a contentEditable area with
 * the formatting the server's allowlist keeps (headings, bold, italic, underline, lists, quote,
 * links). What it writes is sanitised again on the server, so the editor is a convenience, not the wall.
 */
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import './content.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?(html: string): void;
  placeholder?: string;
  id?: string;
  /** pixels of the writing area */
  height?: number;
  /** the accessible name of the writing area */
  label?: string;
}

const COMMANDS: { command: string; arg?: string; title: string; icon: React.ReactNode }[] = [
  { command: 'formatBlock', arg: 'h2', title: '标题', icon: <b>H</b> },
  { command: 'bold', title: '加粗', icon: <BoldOutlined /> },
  { command: 'italic', title: '斜体', icon: <ItalicOutlined /> },
  { command: 'underline', title: '下划线', icon: <UnderlineOutlined /> },
  { command: 'insertOrderedList', title: '有序列表', icon: <OrderedListOutlined /> },
  { command: 'insertUnorderedList', title: '无序列表', icon: <UnorderedListOutlined /> },
  { command: 'formatBlock', arg: 'blockquote', title: '引用', icon: <b>”</b> },
];

export function RichTextEditor({
  value = '',
  onChange,
  placeholder = '请输入正文',
  id,
  height = 300,
  label = '正文',
}: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);

  // take outside values (the loaded article) without resetting the caret while typing
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const run = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };

  return (
    <div className="content-editor">
      <div className="content-editor-toolbar">
        {COMMANDS.map((item) => (
          <Tooltip key={item.title} title={item.title}>
            <Button
              type="text"
              size="small"
              aria-label={item.title}
              icon={item.icon}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(item.command, item.arg)}
            />
          </Tooltip>
        ))}
        <Tooltip title="链接">
          <Button
            type="text"
            size="small"
            aria-label="链接"
            icon={<LinkOutlined />}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              const href = window.prompt('请输入链接地址', 'https://');
              if (href && /^https?:\/\//.test(href)) run('createLink', href);
            }}
          />
        </Tooltip>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text needs a contentEditable element, not a textarea */}
      <div
        id={id}
        ref={area}
        className="content-editor-area"
        style={{ height }}
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        data-placeholder={placeholder}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}
