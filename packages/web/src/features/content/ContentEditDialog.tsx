/**
 * Writing an article or a questionnaire (enterprise side), 1200 wide: title, author, cover and
 * the body; a questionnaire's questions of every subject type (spec 1 §9), each with its options
 * where the type has them (choice, multi-field; 101/102 options may ask for a short answer).
 * The form checks what the server checks, with the same messages.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  CONTENT_TYPE,
  type ContentDetail,
  type ContentOption,
  EDITOR_HEIGHTS_BY_MODE,
  SUBJECT_TYPE_CODES,
  SUBJECT_TYPES,
  type SubjectType,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Form, Input, Modal, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { notifier } from '../../app/notify';
import { contentDetailKey, CONTENT_KEY, fetchContentDetail, saveContent } from '../../components/content/content-calls';
import type { AttachmentItem } from '../../components/upload/attachment-item';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { RichTextEditor } from '../../components/content/RichTextEditor';
import '../../components/content/content.css';

interface QuestionForm {
  subjectType: SubjectType;
  subjectName: string;
  subjectContent?: string;
  required?: boolean;
  optionList?: (Partial<ContentOption> & { shortAnswer?: boolean })[];
}

interface ContentForm {
  title: string;
  author?: string;
  cover?: AttachmentItem | null;
  content?: string;
  questionList?: QuestionForm[];
}

const SUBJECT_OPTIONS = SUBJECT_TYPE_CODES.map((code) => ({
  value: code,
  label: `${code} ${SUBJECT_TYPES[code].label}`,
}));

const isBlankHtml = (html: string | undefined) =>
  !html || (html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '' && !/<img\b/i.test(html));

function toForm(detail: ContentDetail): ContentForm {
  return {
    title: detail.title,
    author: detail.author,
    cover: detail.cover ? { name: '封面', address: detail.cover, delFlag: 0 } : null,
    content: detail.content,
    questionList: detail.questionList.map((q) => ({
      subjectType: q.subjectType as SubjectType,
      subjectName: q.subjectName,
      subjectContent: q.subjectContent,
      required: q.required === 1,
      optionList: q.optionList.map((o) => ({ ...o, shortAnswer: o.type === 2 })),
    })),
  };
}

function OptionsEditor({ questionField }: { questionField: number }) {
  const form = Form.useFormInstance<ContentForm>();
  const subjectType = Form.useWatch(['questionList', questionField, 'subjectType'], form) as SubjectType | undefined;
  const kind = subjectType ? SUBJECT_TYPES[subjectType] : undefined;
  if (!kind?.options) return null;
  return (
    <Form.List
      name={[questionField, 'optionList']}
      rules={[
        {
          validator: async (_, options?: unknown[]) => {
            if (!options || options.length < 2) throw new Error(CONTENT_MESSAGES.optionsTooFew);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
              <Form.Item
                name={[field.name, 'optionContent']}
                rules={[{ required: true, whitespace: true, message: CONTENT_MESSAGES.optionRequired }]}
              >
                <Input
                  placeholder={subjectType === 9 ? `填空项${index + 1}` : `选项${index + 1}`}
                  maxLength={CONTENT_LIMITS.optionContent}
                  style={{ width: 360 }}
                />
              </Form.Item>
              {kind.shortAnswer && (
                <Form.Item name={[field.name, 'shortAnswer']} valuePropName="checked">
                  <Checkbox>需填写简答</Checkbox>
                </Form.Item>
              )}
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="删除选项"
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => add({ optionContent: '' })}
            disabled={fields.length >= CONTENT_LIMITS.options}
          >
            {subjectType === 9 ? '添加填空项' : '添加选项'}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

function QuestionsEditor() {
  return (
    <Form.List
      name="questionList"
      rules={[
        {
          validator: async (_, questions?: unknown[]) => {
            if (!questions || questions.length === 0) throw new Error(CONTENT_MESSAGES.questionsRequired);
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <>
          {fields.length === 0 && <Empty description="暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              className="question-card"
              title={`第${index + 1}题`}
              extra={
                <Space>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label="上移"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label="下移"
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除题目"
                    onClick={() => remove(field.name)}
                  />
                </Space>
              }
            >
              <Space align="baseline" wrap>
                <Form.Item
                  name={[field.name, 'subjectType']}
                  label="题型"
                  rules={[{ required: true, message: '请选择题型' }]}
                >
                  <Select options={SUBJECT_OPTIONS} style={{ width: 180 }} aria-label="题型" />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'subjectName']}
                  label="题目名称"
                  rules={[{ required: true, whitespace: true, message: CONTENT_MESSAGES.subjectNameRequired }]}
                >
                  <Input maxLength={CONTENT_LIMITS.subjectName} style={{ width: 420 }} placeholder="请输入题目名称" />
                </Form.Item>
                <Form.Item name={[field.name, 'required']} valuePropName="checked">
                  <Checkbox>必填</Checkbox>
                </Form.Item>
              </Space>
              <Form.Item name={[field.name, 'subjectContent']} label="题目说明">
                <Input maxLength={CONTENT_LIMITS.subjectContent} placeholder="选填" />
              </Form.Item>
              <OptionsEditor questionField={field.name} />
            </Card>
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={fields.length >= CONTENT_LIMITS.questions}
            onClick={() =>
              add({ subjectType: 10, subjectName: '', optionList: [{ optionContent: '' }, { optionContent: '' }] })
            }
          >
            添加题目
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

export interface ContentEditDialogProps {
  /** closed: null; a new item: 'new'; an edit: the item's id */
  target: number | 'new' | null;
  type: 1 | 2;
  onClose(): void;
}

export function ContentEditDialog({ target, type, onClose }: ContentEditDialogProps) {
  const [form] = Form.useForm<ContentForm>();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const editing = typeof target === 'number';
  const detail = useQuery({
    queryKey: contentDetailKey(editing ? target : 0),
    queryFn: () => fetchContentDetail(target as number),
    enabled: editing,
  });

  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    if (editing && detail.data) form.setFieldsValue(toForm(detail.data));
  }, [target, editing, detail.data, form]);

  const submit = async (values: ContentForm) => {
    setSaving(true);
    try {
      const body = {
        type,
        title: values.title.trim(),
        author: values.author?.trim() ?? '',
        cover: values.cover?.address ?? '',
        content: values.content ?? '',
        questionList:
          type === 2
            ? (values.questionList ?? []).map((q) => ({
                subjectType: q.subjectType,
                subjectName: q.subjectName.trim(),
                subjectContent: q.subjectContent?.trim() ?? '',
                required: q.required ? 1 : 0,
                optionList: SUBJECT_TYPES[q.subjectType].options
                  ? (q.optionList ?? []).map((o) => ({
                      optionContent: (o.optionContent ?? '').trim(),
                      type: o.shortAnswer ? 2 : 1,
                      isMust: o.shortAnswer ? 1 : 0,
                    }))
                  : [],
              }))
            : [],
        ...(editing ? { id: target } : {}),
      };
      const message = await saveContent(body);
      notifier().success(message);
      await queryClient.invalidateQueries({ queryKey: CONTENT_KEY });
      onClose();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const label = CONTENT_TYPE[type];
  return (
    <Modal
      open={target !== null}
      title={`${editing ? '编辑' : '新增'}${label}`}
      width={1200}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={editing && detail.isLoading}>
        <Form<ContentForm> form={form} layout="vertical" onFinish={submit} requiredMark>
          <Form.Item
            name="title"
            label="标题"
            rules={[
              { required: true, whitespace: true, message: CONTENT_MESSAGES.titleRequired },
              { max: CONTENT_LIMITS.title, message: CONTENT_MESSAGES.titleTooLong },
            ]}
          >
            <Input placeholder="请输入标题" showCount maxLength={CONTENT_LIMITS.title} />
          </Form.Item>
          <Space align="start" size={24}>
            <Form.Item name="author" label="作者">
              <Input placeholder="请输入作者" maxLength={CONTENT_LIMITS.author} style={{ width: 280 }} />
            </Form.Item>
            <Form.Item name="cover" label="封面">
              <ImageUpload />
            </Form.Item>
          </Space>
          <Form.Item
            name="content"
            label={type === 1 ? '正文' : '问卷说明'}
            rules={
              type === 1
                ? [
                    {
                      validator: async (_, html?: string) => {
                        if (isBlankHtml(html)) throw new Error(CONTENT_MESSAGES.contentRequired);
                      },
                    },
                  ]
                : []
            }
            required={type === 1}
          >
            <RichTextEditor
              // an article's body in the article context's frame; a questionnaire's intro is a line or two
              height={type === 1 ? EDITOR_HEIGHTS_BY_MODE[0] : 120}
              placeholder={type === 1 ? '请输入正文' : '选填：问卷开头的说明'}
            />
          </Form.Item>
          {type === 2 && (
            <Form.Item label="题目" required>
              <QuestionsEditor />
            </Form.Item>
          )}
        </Form>
      </Spin>
    </Modal>
  );
}
