/**
 * 敏感词管理 (platform operator): the word list the sensitive-word check uses — search, add
 * several at once, delete — and a box to try a text against the list as it is now.
 */
import { DeleteOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { formatChinaDateTime, MSG, SENSITIVE_WORDS, type SensitiveWordRecord } from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Space, Tag } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { ApiError } from '../../api/http';
import { notifier } from '../../app/notify';
import { useConfirm } from '../../components/ConfirmProvider';
import { type CellRenderer, ListPage, numericKeys } from '../../components/list/ListPage';
import {
  addSensitiveWords,
  deleteSensitiveWords,
  fetchSensitiveWords,
  findSensitiveWords,
  type SensitiveCheckOutcome,
} from './sensitive-word-calls';

const WORD_LIST_KEY = ['sensitiveWords'] as const;
/** The try-out box takes a service description or a short template; the check itself takes more. */
const TRY_TEXT_MAX_LENGTH = 2000;

/** Words typed one per line or separated by commas, 、 or semicolons. */
export function splitWords(text: string): string[] {
  return text
    .split(/[\n\r,，、;；]+/)
    .map((word) => word.trim())
    .filter(Boolean);
}

/** The first problem of the typed words, in the catalogue's words; null when they may be added. */
export function wordsProblem(words: readonly string[]): string | null {
  if (words.length === 0) return MSG.sensitiveWordRequired;
  if (words.length > SENSITIVE_WORDS.addMaxCount) return MSG.sensitiveWordsTooMany(SENSITIVE_WORDS.addMaxCount);
  if (words.some((word) => word.length > SENSITIVE_WORDS.wordMaxLength))
    return MSG.sensitiveWordTooLong(SENSITIVE_WORDS.wordMaxLength);
  return null;
}

function AddWordsDialog({ open, onClose, onAdded }: { open: boolean; onClose(): void; onAdded(): void }) {
  const [form] = Form.useForm<{ words: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const { words } = await form.validateFields();
    setSaving(true);
    try {
      const result = await addSensitiveWords(splitWords(words));
      notifier().success(result.message);
      form.resetFields();
      onAdded();
      onClose();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="添加敏感词"
      width={480}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="words"
          label="敏感词"
          extra={`每行一个，或用逗号、顿号分隔；每个不超过${SENSITIVE_WORDS.wordMaxLength}个字符，一次最多${SENSITIVE_WORDS.addMaxCount}个。全角半角、大小写和空格均视为相同。`}
          rules={[
            {
              validator: (_, value?: string) => {
                const problem = wordsProblem(splitWords(value ?? ''));
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={6} placeholder="请输入敏感词" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TryTextCard() {
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<SensitiveCheckOutcome | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async () => {
    setChecking(true);
    try {
      setOutcome(await findSensitiveWords(text));
    } catch (error) {
      notifier().warning(error instanceof ApiError ? error.message : MSG.networkError);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card className="page-card" title="敏感词检测">
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Input.TextArea
          rows={4}
          value={text}
          maxLength={TRY_TEXT_MAX_LENGTH}
          showCount
          placeholder="输入服务描述、协议内容等文本，检测是否包含敏感词"
          onChange={(event) => {
            setText(event.target.value);
            setOutcome(null);
          }}
        />
        <Button type="primary" loading={checking} disabled={text.trim() === ''} onClick={() => void check()}>
          检测
        </Button>
        {outcome &&
          (outcome.words.length === 0 ? (
            <Alert type="success" showIcon title="未发现敏感词" />
          ) : (
            <Alert
              type="warning"
              showIcon
              title={outcome.message}
              description={
                <Space wrap size={[4, 4]}>
                  {outcome.words.map((word) => (
                    <Tag key={word} color="error">
                      {word}
                    </Tag>
                  ))}
                </Space>
              }
            />
          ))}
      </Space>
    </Card>
  );
}

export default function SensitiveWordsPage() {
  const [selected, setSelected] = useState<Key[]>([]);
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const confirm = useConfirm();

  const refresh = () => {
    setSelected([]);
    void queryClient.invalidateQueries({ queryKey: WORD_LIST_KEY });
  };

  const remove = async (ids: number[]) => {
    if (!(await confirm({ content: MSG.confirmDeleteSensitiveWords(ids.length) }))) return;
    try {
      notifier().success(await deleteSensitiveWords(ids));
      refresh();
    } catch {
      // the request layer has shown the server's message
    }
  };

  const renderers = useMemo<Partial<Record<string, CellRenderer<SensitiveWordRecord>>>>(
    () => ({
      word: (row) => <Tag className="sensitive-word-tag">{row.word}</Tag>,
      createTime: (row) => formatChinaDateTime(row.createTime),
    }),
    [],
  );

  return (
    <>
      <Card
        className="page-card"
        title={
          <span>
            <SafetyCertificateOutlined /> 敏感词管理
          </span>
        }
      >
        <ListPage<SensitiveWordRecord, { word?: string }>
          serviceName="sensitiveWordList"
          queryKey={WORD_LIST_KEY}
          fetchPage={(request) =>
            fetchSensitiveWords({
              pageNo: request.pageNo,
              pageSize: request.pageSize,
              word: request.word,
            })
          }
          rowKey="id"
          renderers={renderers}
          searchFields={
            <Form.Item name="word" label="敏感词">
              <Input allowClear placeholder="请输入敏感词" maxLength={SENSITIVE_WORDS.wordMaxLength} />
            </Form.Item>
          }
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
          toolbar={
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                添加敏感词
              </Button>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                onClick={() => void remove(numericKeys(selected))}
              >
                批量删除
              </Button>
            </>
          }
          actionColumn={{
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_: unknown, row: SensitiveWordRecord) => (
              <Button type="link" size="small" danger onClick={() => void remove([row.id])}>
                删除
              </Button>
            ),
          }}
        />
      </Card>
      <TryTextCard />
      <AddWordsDialog open={adding} onClose={() => setAdding(false)} onAdded={refresh} />
    </>
  );
}
