/**
 * 修改认证信息 (spec 3 §2 "modify enterprise" dialog, §5, §7 "Modify authentication"; decision 0038): the
 * enterprise's name and registered address, the legal person's name and ID number, and the pictures of
 * the business licence and both ID sides (the logo optional); the tax number and the e-mail shown, not
 * changed. Opened in the desensitized view, so the form starts from the values in the clear.
 */
import { type EnterpriseInfo, enterpriseAuthInputSchema, INPUT_MAX_LENGTH, MSG } from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, Row } from 'antd';
import { notifier } from '../../app/notify';
import { FormDialog } from '../../components/FormDialog';
import type { AttachmentItem } from '../../components/upload/attachment-item';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { requiredUploadRule } from '../../components/upload/required-upload-rule';
import { zodRule } from '../../components/zod-rule';
import { saveEnterpriseAuth } from './enterprise-calls';

interface AuthValues {
  enterpriseName: string;
  address: string;
  name: string;
  idCard: string;
  license: AttachmentItem | null;
  idCardFront: AttachmentItem | null;
  idCardBack: AttachmentItem | null;
  logo: AttachmentItem | null;
}

const fields = enterpriseAuthInputSchema.shape;
const UPLOAD_PATH = 'enterprise/auth';
const held = (name: string, address: string): AttachmentItem | null => (address ? { name, address, delFlag: 0 } : null);

export function EnterpriseAuthDialog({ info, onClose }: { info: EnterpriseInfo; onClose(): void }) {
  const [form] = Form.useForm<AuthValues>();
  const queryClient = useQueryClient();
  const submit = async (values: AuthValues) => {
    const message = await saveEnterpriseAuth({
      id: info.id,
      tenantId: info.tenantId,
      enterpriseName: values.enterpriseName.trim(),
      address: values.address.trim(),
      name: values.name.trim(),
      idCard: values.idCard.trim().toUpperCase(),
      license: values.license?.address ?? '',
      idCardFront: values.idCardFront?.address ?? '',
      idCardBack: values.idCardBack?.address ?? '',
      logo: values.logo?.address ?? '',
    });
    notifier().success(message);
    await queryClient.invalidateQueries({ queryKey: ['enterprise', 'info'] });
  };
  const picture = (name: keyof AuthValues, label: string, required: string | null) => (
    <Col xs={24} md={12} xl={6}>
      <Form.Item
        name={name}
        label={label}
        required={required !== null}
        rules={required ? [requiredUploadRule(required)] : []}
      >
        <ImageUpload uploadPath={UPLOAD_PATH} recordId={String(info.id)} />
      </Form.Item>
    </Col>
  );
  return (
    <FormDialog<AuthValues>
      open
      title="修改认证信息"
      width={1000}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{
        enterpriseName: info.name,
        address: info.address,
        name: info.idName,
        idCard: info.idCard,
        license: held('营业执照', info.license),
        idCardFront: held('身份证信息面', info.idCardFront),
        idCardBack: held('身份证国徽面', info.idCardBack),
        logo: held('企业标志', info.logo),
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="enterpriseName" label="企业名称" required rules={[zodRule(fields.enterpriseName)]}>
            <Input placeholder="请输入企业名称" maxLength={INPUT_MAX_LENGTH.enterpriseName} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="统一社会信用代码" required>
            <Input value={info.taxNumber} disabled />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="address" label="企业注册地址" required rules={[zodRule(fields.address)]}>
            <Input placeholder="请输入企业注册地址" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="联系邮箱" required>
            <Input value={info.contactEmail} disabled maxLength={INPUT_MAX_LENGTH.contactEmail} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="法人姓名" required rules={[zodRule(fields.name)]}>
            <Input placeholder="请输入法人姓名" maxLength={INPUT_MAX_LENGTH.legalPersonName} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="idCard" label="法人身份证号" required rules={[zodRule(fields.idCard)]}>
            <Input placeholder="请输入法人身份证号" maxLength={18} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {picture('license', '营业执照', MSG.businessLicenseRequired)}
        {picture('idCardFront', '身份证信息面', MSG.idCardFrontRequired)}
        {picture('idCardBack', '身份证国徽面', MSG.idCardBackRequired)}
        {picture('logo', '企业标志', null)}
      </Row>
    </FormDialog>
  );
}
