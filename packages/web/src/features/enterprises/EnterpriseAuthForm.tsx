/**
 * The authentication form (spec 3 §5 "Enterprise authentication edit"; decisions 0038, 0043): the
 * enterprise's name and registered address, the legal person's name and ID number, and the pictures of
 * the business licence and both ID sides (the logo optional); the tax number and the e-mail shown, not
 * changed. One form for the platform's dialog and the enterprise's own full page; both open from the
 * desensitized view, so it starts from the values in the clear.
 */
import { type EnterpriseInfo, enterpriseAuthInputSchema, INPUT_MAX_LENGTH, MSG } from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, Row } from 'antd';
import { notifier } from '../../app/notify';
import type { AttachmentItem } from '../../components/upload/attachment-item';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { requiredUploadRule } from '../../components/upload/required-upload-rule';
import { zodRule } from '../../components/zod-rule';
import { saveEnterpriseAuth } from './enterprise-calls';

export interface AuthValues {
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

export const authValuesOf = (info: EnterpriseInfo): AuthValues => ({
  enterpriseName: info.name,
  address: info.address,
  name: info.idName,
  idCard: info.idCard,
  license: held('营业执照', info.license),
  idCardFront: held('身份证信息面', info.idCardFront),
  idCardBack: held('身份证国徽面', info.idCardBack),
  logo: held('企业标志', info.logo),
});

/** Saves the form (the platform's call, or the enterprise's own), says the server's message and reloads the info. */
export function useSaveEnterpriseAuth(info: EnterpriseInfo, own: boolean) {
  const queryClient = useQueryClient();
  return async (values: AuthValues) => {
    const message = await saveEnterpriseAuth(
      {
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
      },
      own,
    );
    notifier().success(message);
    await queryClient.invalidateQueries({ queryKey: ['enterprise', 'info'] });
  };
}

export function EnterpriseAuthFields({ info }: { info: EnterpriseInfo }) {
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
    <>
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
    </>
  );
}
