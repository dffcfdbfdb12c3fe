/**
 * 编辑标签 (spec 3 §3 "Enterprise" tags; decision 0039): the platform's enterprise tags to put on the
 * enterprise, at most 10; an empty choice clears them.
 */
import {
  ENTERPRISE_TAG_MSG,
  ENTERPRISE_TAG_TYPE,
  ENTERPRISE_TAGS_MAX,
  type EnterpriseInfo,
  MSG,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { notifier } from '../../app/notify';
import { FormDialog } from '../../components/FormDialog';
import { fetchLookup } from '../../components/remote-select-calls';
import { saveEnterpriseTags } from './enterprise-calls';

export function EnterpriseTagsDialog({ info, onClose }: { info: EnterpriseInfo; onClose(): void }) {
  const [form] = Form.useForm<{ tagIds: number[] }>();
  const queryClient = useQueryClient();
  const options = useQuery({
    queryKey: ['enterprise', 'tagOptions', info.tenantId],
    queryFn: () =>
      fetchLookup('tag', { filters: { tenantId: info.tenantId, type: ENTERPRISE_TAG_TYPE }, pageNo: 1, pageSize: 100 }),
  });
  const submit = async ({ tagIds }: { tagIds: number[] }) => {
    const message = await saveEnterpriseTags({ enterpriseId: info.id, tenantId: info.tenantId, tagIds: tagIds ?? [] });
    notifier().success(message);
    await queryClient.invalidateQueries({ queryKey: ['enterprise', 'info'] });
  };
  return (
    <FormDialog<{ tagIds: number[] }>
      open
      title="编辑标签"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ tagIds: info.tags.map((tag) => tag.id) }}
    >
      <Form.Item
        name="tagIds"
        label="企业标签"
        rules={[
          {
            validator: (_, value: number[] | undefined) =>
              (value?.length ?? 0) > ENTERPRISE_TAGS_MAX
                ? Promise.reject(new Error(ENTERPRISE_TAG_MSG.tooMany))
                : Promise.resolve(),
          },
        ]}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder="请选择企业标签"
          aria-label="企业标签"
          loading={options.isLoading}
          maxCount={ENTERPRISE_TAGS_MAX}
          notFoundContent={MSG.emptyList}
          options={(options.data?.records ?? []).map((tag) => ({ value: tag.id, label: tag.tag }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
