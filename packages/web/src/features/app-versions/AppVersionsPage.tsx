/**
 * APP版本管理 (/system/app/versions, platform operator; decision 0006): the versions published so
 * far, the address and QR code of the public download page, and the dialog that publishes a new
 * version (Android package by upload with progress, App Store link, version, release notes).
 */
import { AndroidFilled, AppleFilled, MobileOutlined, PlusOutlined } from '@ant-design/icons';
import {
  appPackagePolicy,
  type AppVersion,
  compareVersions,
  fileSizeLabel,
  formatChinaDateTime,
  isAppStoreUrl,
  isVersionName,
  MSG,
  PAGE_SIZE,
  QRCODE_ADDRESS_CONFIG_KEY,
  RELEASE_NOTES_MAX_LENGTH,
  showsPagination,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { configValue, configValueKey } from '../../app/shell-calls';
import { useAccess } from '../../app/use-access';
import type { AttachmentItem } from '../../components/upload/attachment-item';
import { FileUpload } from '../../components/upload/FileUpload';
import { openStoredFile } from '../../components/upload/open-file';
import { useConfirm } from '../../components/ConfirmProvider';
import { appVersionList, editAppVersion, publishAppVersion, withdrawAppVersion } from './app-version-calls';
import './app-versions.css';

const PACKAGE_POLICY = appPackagePolicy();

interface VersionForm {
  versionName: string;
  android?: AttachmentItem[];
  iosUrl?: string;
  releaseNotes: string;
}

/** The form's values of a published version (the edit dialog opens with them). */
const formOf = (version: AppVersion): VersionForm => ({
  versionName: version.versionName,
  android: version.android
    ? [{ name: version.android.name, address: version.android.address, fileSize: version.android.fileSize, delFlag: 0 }]
    : [],
  iosUrl: version.iosUrl ?? '',
  releaseNotes: version.releaseNotes,
});

/** Publishes a new version, or with `editing` changes a published one (its number stays). */
function PublishDialog({
  open,
  newest,
  editing = null,
  onClose,
}: {
  open: boolean;
  newest: string | null;
  editing?: AppVersion | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<VersionForm>();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async (values: VersionForm) => {
    if (uploading) {
      notifier().warning(MSG.uploadInProgress);
      return;
    }
    setSaving(true);
    const content = {
      androidAddress: values.android?.find((item) => item.delFlag !== 1)?.address,
      iosUrl: values.iosUrl?.trim() || undefined,
      releaseNotes: values.releaseNotes.trim(),
    };
    try {
      const message = editing
        ? await editAppVersion({ id: editing.id, ...content })
        : await publishAppVersion({ versionName: values.versionName.trim(), ...content });
      notifier().success(message || (editing ? MSG.saveSuccess : MSG.appVersionPublished));
      await queryClient.invalidateQueries({ queryKey: ['app-versions'] });
      form.resetFields();
      onClose();
    } catch {
      // the request layer showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? `修改版本 ${editing.versionName}` : '发布新版本'}
      width={640}
      okText={editing ? '保存' : '发布'}
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<VersionForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark
        preserve={false}
        initialValues={editing ? formOf(editing) : undefined}
      >
        <Form.Item
          name="versionName"
          label="版本号"
          extra={
            editing ? '版本号决定版本的先后，发布后不能修改' : newest ? `当前最新版本：${newest}` : '尚未发布过版本'
          }
          rules={[
            { required: true, whitespace: true, message: MSG.appVersionRequired },
            {
              validator: (_, value?: string) => {
                const name = value?.trim() ?? '';
                if (!name || editing) return Promise.resolve();
                if (!isVersionName(name)) return Promise.reject(new Error(MSG.appVersionInvalid));
                if (newest && compareVersions(name, newest) <= 0) {
                  return Promise.reject(new Error(MSG.appVersionNotNewer(newest)));
                }
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder="例如 2.3.1" maxLength={19} disabled={editing !== null} />
        </Form.Item>
        <Form.Item
          name="android"
          label="安卓安装包"
          dependencies={['iosUrl']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value?: AttachmentItem[]) =>
                value?.some((item) => item.delFlag !== 1) || getFieldValue('iosUrl')?.trim()
                  ? Promise.resolve()
                  : Promise.reject(new Error(MSG.appPackageOrIosRequired)),
            }),
          ]}
        >
          <FileUpload
            scene="appPackage"
            policy={PACKAGE_POLICY}
            target="uploadOut"
            buttonText="上传安装包"
            onBusyChange={setUploading}
          />
        </Form.Item>
        <Form.Item
          name="iosUrl"
          label="iOS下载地址"
          rules={[
            {
              validator: (_, value?: string) =>
                !value?.trim() || isAppStoreUrl(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(MSG.iosUrlInvalid)),
            },
          ]}
        >
          <Input placeholder="https://apps.apple.com/cn/app/..." maxLength={300} />
        </Form.Item>
        <Form.Item
          name="releaseNotes"
          label="更新说明"
          rules={[{ required: true, whitespace: true, message: MSG.releaseNotesRequired }]}
        >
          <Input.TextArea rows={5} maxLength={RELEASE_NOTES_MAX_LENGTH} showCount placeholder="请输入更新说明" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DownloadPageCard() {
  const address = useQuery({
    queryKey: configValueKey(QRCODE_ADDRESS_CONFIG_KEY),
    queryFn: () => configValue(QRCODE_ADDRESS_CONFIG_KEY),
    staleTime: 5 * 60_000,
  });
  const url = address.data?.content?.trim();
  return (
    <div className="app-versions-download">
      {url ? <QRCodeSVG value={url} size={96} marginSize={1} title="APP下载二维码" /> : null}
      <div className="app-versions-download-text">
        <div className="app-versions-download-title">
          <MobileOutlined /> APP下载页
        </div>
        <Typography.Paragraph type="secondary" className="app-versions-download-hint">
          顶部「APP下载」的二维码指向此页，个体创客扫码即可下载最新版本。
        </Typography.Paragraph>
        {url && (
          <Typography.Link href={url} target="_blank" rel="noopener noreferrer" copyable={{ text: url }}>
            {url}
          </Typography.Link>
        )}
      </div>
    </div>
  );
}

export default function AppVersionsPage() {
  const [pageNo, setPageNo] = useState(1);
  const [publishing, setPublishing] = useState(false);
  const access = useAccess();
  const canPublish = access.can('appVersion:list:add');
  const canEdit = access.can('appVersion:list:edit');
  const [editing, setEditing] = useState<AppVersion | null>(null);
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const withdraw = async (version: AppVersion) => {
    if (!(await confirm({ content: MSG.confirmWithdrawAppVersion(version.versionName) }))) return;
    try {
      notifier().success(await withdrawAppVersion(version.id));
      await queryClient.invalidateQueries({ queryKey: ['app-versions'] });
    } catch {
      // the request layer showed the server's message
    }
  };
  const pageSize = PAGE_SIZE.default;
  const versions = useQuery({
    queryKey: ['app-versions', pageNo, pageSize],
    queryFn: () => appVersionList(pageNo, pageSize),
  });
  // the newest version is the first of page 1 (the same query when page 1 is shown)
  const firstPage = useQuery({
    queryKey: ['app-versions', 1, pageSize],
    queryFn: () => appVersionList(1, pageSize),
  });
  const total = versions.data?.total ?? 0;
  const newest = firstPage.data?.records[0]?.versionName ?? null;
  // what the download page offers: the newest version not withdrawn
  const offeredId = firstPage.data?.records.find((version) => version.withdrawnAt === null)?.id ?? null;

  return (
    <Card
      className="page-card"
      title={
        <span>
          <MobileOutlined /> APP版本管理
        </span>
      }
      extra={
        canPublish && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPublishing(true)}>
            发布新版本
          </Button>
        )
      }
    >
      <DownloadPageCard />
      <Table<AppVersion>
        rowKey="id"
        loading={versions.isFetching}
        dataSource={versions.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyList} /> }}
        pagination={
          showsPagination(total, pageSize)
            ? { current: pageNo, pageSize, total, showSizeChanger: false, onChange: setPageNo }
            : false
        }
        columns={[
          {
            title: '版本号',
            dataIndex: 'versionName',
            width: 110,
            render: (name: string, row) => (
              <span className="app-versions-name">
                {name}
                {row.id === offeredId && <span className="app-versions-latest">最新</span>}
                {row.withdrawnAt !== null && <Tag className="app-versions-withdrawn">已撤回</Tag>}
              </span>
            ),
          },
          {
            title: '安卓安装包',
            dataIndex: 'android',
            width: 260,
            render: (android: AppVersion['android']) =>
              android ? (
                <Button
                  type="link"
                  className="app-versions-package"
                  icon={<AndroidFilled />}
                  onClick={() => void openStoredFile(android.address, 'attachment')}
                >
                  {android.name}（{fileSizeLabel(android.fileSize)}）
                </Button>
              ) : (
                <Typography.Text type="secondary">未上传</Typography.Text>
              ),
          },
          {
            title: 'iOS下载地址',
            dataIndex: 'iosUrl',
            ellipsis: true,
            render: (iosUrl: string | null) =>
              iosUrl ? (
                <Typography.Link href={iosUrl} target="_blank" rel="noopener noreferrer">
                  <AppleFilled /> {iosUrl}
                </Typography.Link>
              ) : (
                <Typography.Text type="secondary">未填写</Typography.Text>
              ),
          },
          {
            title: '更新说明',
            dataIndex: 'releaseNotes',
            ellipsis: { showTitle: false },
            render: (notes: string) => (
              <Tooltip title={<span className="app-versions-notes-tip">{notes}</span>} placement="topLeft">
                {notes}
              </Tooltip>
            ),
          },
          { title: '发布人', dataIndex: 'publisher', width: 120, ellipsis: true },
          {
            title: '发布时间',
            dataIndex: 'createTime',
            width: 170,
            render: (time: number) => formatChinaDateTime(time),
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'action',
                  width: 120,
                  render: (_: unknown, row: AppVersion) =>
                    row.withdrawnAt === null ? (
                      <span className="app-versions-actions">
                        <Button type="link" size="small" onClick={() => setEditing(row)}>
                          编辑
                        </Button>
                        <Button type="link" size="small" danger onClick={() => void withdraw(row)}>
                          撤回
                        </Button>
                      </span>
                    ) : (
                      <Typography.Text type="secondary">-</Typography.Text>
                    ),
                },
              ]
            : []),
        ]}
      />
      <PublishDialog open={publishing} newest={newest} onClose={() => setPublishing(false)} />
      <PublishDialog open={editing !== null} newest={newest} editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
