/**
 * 修改认证信息 as a full page (spec 3 §2 "modify authentication info as a full page", §5; decision 0043):
 * the enterprise changes its own authentication from 账户信息's desensitized view, with the platform
 * dialog's fields and rules; 提交 saves through its own call and returns to 账户信息. Reached while the
 * view is masked (a reload after the token ran out) it says to unmask first and leads back.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { type EnterpriseInfo, MSG } from '@fieldpay/domain';
import { Button, Form, Result, Space, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OwnEnterpriseCard } from '../../components/OwnEnterpriseCard';
import { OWN_ACCOUNT_PATH } from './enterprise-calls';
import { type AuthValues, authValuesOf, EnterpriseAuthFields, useSaveEnterpriseAuth } from './EnterpriseAuthForm';
import { useEnterpriseInfo } from './EnterpriseInfoPage';

function AuthModifyForm({ info }: { info: EnterpriseInfo }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<AuthValues>();
  const save = useSaveEnterpriseAuth(info, true);
  const [saving, setSaving] = useState(false);
  const submit = async (values: AuthValues) => {
    setSaving(true);
    try {
      await save(values);
      navigate(OWN_ACCOUNT_PATH);
    } catch {
      // the request layer has shown the server's message; the form keeps what was typed
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<AuthValues>
      form={form}
      layout="vertical"
      className="enterprise-auth-page"
      initialValues={authValuesOf(info)}
      onFinish={(values) => void submit(values)}
    >
      <EnterpriseAuthFields info={info} />
      <Space className="enterprise-auth-page-actions">
        <Button onClick={() => navigate(OWN_ACCOUNT_PATH)}>取消</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          提交
        </Button>
      </Space>
    </Form>
  );
}

function AuthModifyBody({ enterpriseId, tenantId }: { enterpriseId: number; tenantId: number }) {
  const navigate = useNavigate();
  const { query } = useEnterpriseInfo(enterpriseId, tenantId);
  if (query.isError) return <Result status="warning" title="企业信息加载失败" />;
  if (!query.data) return <Spin className="enterprise-loading" />;
  if (!query.data.unmasked) {
    return (
      <Result
        status="info"
        title={MSG.editWhileMasked}
        extra={
          <Button type="primary" onClick={() => navigate(OWN_ACCOUNT_PATH)}>
            返回账户信息
          </Button>
        }
      />
    );
  }
  return <AuthModifyForm info={query.data} />;
}

export default function EnterpriseOwnAuthModifyPage() {
  const navigate = useNavigate();
  return (
    <OwnEnterpriseCard
      icon={
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(OWN_ACCOUNT_PATH)} aria-label="返回">
          返回
        </Button>
      }
      title="修改认证信息"
    >
      {(owner) => <AuthModifyBody {...owner} />}
    </OwnEnterpriseCard>
  );
}
