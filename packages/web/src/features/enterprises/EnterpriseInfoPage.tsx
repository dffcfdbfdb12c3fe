/**
 * 企业信息 (spec 3 §2 "Enterprise detail (full page or embedded)"; decision 0027 and its amendments): opened
 * from the project lists' client name and the enterprise-settlement list's enterprise name
 * (?id=&tenantId=). Basic info with the tags (编辑标签, decision 0039); authentication with the legal person
 * and the pictures (修改认证信息, decision 0038; 修改联系电话); settlement info: the bank cards (decision
 * 0037), the paying banks and the service fee in force, with one waiting for next month (服务费变更,
 * decision 0035; on the platform side 查看结算单 opens the settlement list embedded under the enterprise);
 * 开票信息 (the company's invoice info, editable with invoice:info:edit, and its invoices); 企业风险.
 * Registration and bank edits need the desensitized view. At the bottom, on the platform side, 脱敏查看
 * and 禁用 / 启用 after 确认禁用… / 确认启用… with enterpriseAccountManage:list:disable.
 */
import { ArrowLeftOutlined, BankOutlined } from '@ant-design/icons';
import {
  ENTERPRISE_INFO_MSG,
  ENTERPRISE_STATUS,
  type EnterpriseInfo,
  type EnterpriseStatus,
  enterpriseStatusToggle,
  formatChinaDateTime,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Space, Spin, Tag } from 'antd';
import { useContext, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { type LoginInfo, LoginInfoDialog } from '../../components/account/LoginInfoDialog';
import { DesensitizationDialog } from '../../components/DesensitizationDialog';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { StatusTag } from '../../components/list/StatusTag';
import { orDash } from '../../components/text';
import { CompanyInvoicingBlock } from '../invoices/CompanyInvoicingBlock';
import { SETTLEMENT_LIST_PATH } from '../settlements/settlement-paths';
import { enterpriseInfoKey, fetchEnterpriseInfo, OWN_AUTH_MODIFY_PATH, setEnterpriseStatus } from './enterprise-calls';
import { EnterpriseAgreementsBlock } from './EnterpriseAgreementsBlock';
import { EnterpriseAuthDialog } from './EnterpriseAuthDialog';
import { EnterpriseBankCards } from './EnterpriseBankCards';
import { EnterprisePayAccounts } from './EnterprisePayAccounts';
import { EnterpriseContactDialog } from './EnterpriseContactDialog';
import { EnterpriseRiskBlock } from './EnterpriseRiskBlock';
import { EnterpriseTagsDialog } from './EnterpriseTagsDialog';
import { FeeChangeDialog, FeeSettingView } from './FeeChangeDialog';
import { StoredImage } from './StoredImage';
import {
  EnterpriseViewContext,
  useCanUnmaskEnterprise,
  useEnterpriseEdit,
  useEnterpriseUnmaskToken,
} from './use-enterprise-edit';
import './enterprises.css';

const CROWD_PROJECT_LIST_PATH = '/projectManage/project/crowdList';
/** The settlement list; with ?enterpriseId=&tenantId= it is embedded under one enterprise (spec 2 §2.1 mode 2). */

const idParam = (value: string | null) => {
  const id = Number(value);
  return value !== null && value !== '' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
};

export function EnterpriseInfoView({ info }: { info: EnterpriseInfo }) {
  const navigate = useNavigate();
  const platformSide = useSession((state) => state.side) === 'platform';
  const { can } = useAccess();
  const fee = info.fee;
  const canChangeFee = useEnterpriseEdit(info, 'fee').canEdit;
  const [feeOpen, setFeeOpen] = useState(false);
  const edit = useEnterpriseEdit(info, 'registration');
  const authEdit = useEnterpriseEdit(info, 'auth');
  const [contactOpen, setContactOpen] = useState(false);
  const [authOpen, setAuthOpen] = useState(false);
  const [tagsOpen, setTagsOpen] = useState(false);
  return (
    <div className="enterprise-info">
      <Card
        className="enterprise-block"
        size="small"
        title="基本信息"
        extra={info.unmasked ? <Tag color="orange">明文显示中</Tag> : undefined}
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="企业名称">
            <Space size={8}>
              <span className="enterprise-name">{info.name}</span>
              <StatusTag dictionary={ENTERPRISE_STATUS} value={info.status} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="企业编号">{info.enterpriseSn}</Descriptions.Item>
          <Descriptions.Item label="所属平台">{info.tenantName}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{formatChinaDateTime(info.createTime)}</Descriptions.Item>
          <Descriptions.Item label="企业标签">
            <Space size={4} wrap>
              {info.tags.length ? info.tags.map((tag) => <Tag key={tag.id}>{tag.tag}</Tag>) : '-'}
              {edit.canEdit && (
                <Button type="link" size="small" className="enterprise-tags-edit" onClick={() => setTagsOpen(true)}>
                  编辑标签
                </Button>
              )}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="项目数">
            {platformSide && info.projectCount > 0 ? (
              <Button
                type="link"
                size="small"
                className="enterprise-inline-link"
                onClick={() => navigate(`${CROWD_PROJECT_LIST_PATH}?enterpriseId=${info.id}&tenantId=${info.tenantId}`)}
              >
                {info.projectCount}
              </Button>
            ) : (
              info.projectCount
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        className="enterprise-block"
        size="small"
        title="认证信息"
        extra={
          authEdit.canEdit || edit.canEdit ? (
            <Space size={0}>
              {authEdit.canEdit && (
                <Button
                  type="link"
                  size="small"
                  onClick={authEdit.unlessMasked(() =>
                    // the enterprise edits it on a full page (decision 0043), the platform's staff in a dialog
                    authEdit.own ? navigate(OWN_AUTH_MODIFY_PATH) : setAuthOpen(true),
                  )}
                >
                  修改认证信息
                </Button>
              )}
              {edit.canEdit && (
                <Button type="link" size="small" onClick={edit.unlessMasked(() => setContactOpen(true))}>
                  修改联系电话
                </Button>
              )}
            </Space>
          ) : undefined
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="统一社会信用代码">{orDash(info.taxNumber)}</Descriptions.Item>
          <Descriptions.Item label="组织机构代码">{orDash(info.orgCodeTxt)}</Descriptions.Item>
          <Descriptions.Item label="企业注册地址">{orDash(info.address)}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{orDash(info.contactPhone)}</Descriptions.Item>
          <Descriptions.Item label="联系邮箱">{orDash(info.contactEmail)}</Descriptions.Item>
          <Descriptions.Item label="法人姓名">{orDash(info.idName)}</Descriptions.Item>
          <Descriptions.Item label="法人身份证号">{orDash(info.idCard)}</Descriptions.Item>
        </Descriptions>
        <div className="enterprise-pictures">
          {(
            [
              ['营业执照', info.license],
              ['身份证信息面', info.idCardFront],
              ['身份证国徽面', info.idCardBack],
              ['企业标志', info.logo],
            ] as const
          ).map(([label, address]) => (
            <div key={label} className="enterprise-picture-item">
              <div className="enterprise-muted">{label}</div>
              <StoredImage address={address} label={label} />
            </div>
          ))}
        </div>
      </Card>
      <Card
        className="enterprise-block"
        size="small"
        title={
          <span>
            <BankOutlined /> 结算信息
          </span>
        }
        extra={
          platformSide && can('settlement:list:view') ? (
            <Button
              type="link"
              size="small"
              onClick={() => navigate(`${SETTLEMENT_LIST_PATH}?enterpriseId=${info.id}&tenantId=${info.tenantId}`)}
            >
              查看结算单
            </Button>
          ) : undefined
        }
      >
        <EnterpriseBankCards info={info} />
        <EnterprisePayAccounts info={info} />
        <div className="enterprise-subtitle enterprise-subtitle-bar">
          <span>服务费</span>
          {canChangeFee && (
            <Button type="link" size="small" onClick={() => setFeeOpen(true)}>
              服务费变更
            </Button>
          )}
        </div>
        {fee ? (
          <>
            <FeeSettingView setting={fee} />
            <div className="enterprise-muted enterprise-fee-updated">
              更新时间：{formatChinaDateTime(fee.updateTime)}
            </div>
          </>
        ) : (
          <div className="enterprise-muted">未单独配置，按平台默认费率计算</div>
        )}
        {info.pendingFee && (
          <div className="enterprise-pending-fee">
            <div className="enterprise-subtitle">
              次月生效（{formatChinaDateTime(info.pendingFee.effectiveTime).slice(0, 10)} 起）
            </div>
            <FeeSettingView setting={info.pendingFee} />
          </div>
        )}
        {canChangeFee && (
          <FeeChangeDialog
            open={feeOpen}
            owner={{ enterpriseId: info.id, tenantId: info.tenantId }}
            inForce={fee}
            onClose={() => setFeeOpen(false)}
          />
        )}
      </Card>
      {authEdit.canEdit && authOpen && <EnterpriseAuthDialog info={info} onClose={() => setAuthOpen(false)} />}
      {edit.canEdit && tagsOpen && <EnterpriseTagsDialog info={info} onClose={() => setTagsOpen(false)} />}
      {edit.canEdit && contactOpen && (
        <EnterpriseContactDialog info={info} open={contactOpen} onClose={() => setContactOpen(false)} />
      )}
      {can('invoice:list:view') && <CompanyInvoicingBlock companyId={info.id} />}
      {can('enterpriseAgreement:list:view') && <EnterpriseAgreementsBlock info={info} />}
      <EnterpriseRiskBlock info={info} />
    </div>
  );
}

/**
 * The bottom buttons: on the platform side 脱敏查看 and 禁用 / 启用 (for the platform's staff who hold the
 * codes); on the enterprise's own 账户信息 脱敏查看 and 登录信息 (decision 0043). 返回 is in the title.
 */
function EnterpriseActions({ info }: { info: EnterpriseInfo }) {
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const platformSide = useSession((state) => state.side) === 'platform';
  const own = useContext(EnterpriseViewContext) === 'own';
  const run = useConfirmedAction(() => void queryClient.invalidateQueries({ queryKey: ['enterprise'] }));
  const [desensitizing, setDesensitizing] = useState(false);
  const [loginInfo, setLoginInfo] = useState<LoginInfo | null>(null);
  const account = useSession((state) => state.userInfo?.username ?? '');
  const toggle = enterpriseStatusToggle(info.status as EnterpriseStatus, info.name);
  const canUnmask = useCanUnmaskEnterprise() && !info.unmasked;
  const canToggle = platformSide && can('enterpriseAccountManage:list:disable');
  if (!(platformSide || own) || (!canUnmask && !canToggle && !own)) return null;
  return (
    <div className="enterprise-actions">
      {canUnmask && <Button onClick={() => setDesensitizing(true)}>脱敏查看</Button>}
      <DesensitizationDialog open={desensitizing} onClose={() => setDesensitizing(false)} />
      {own && <Button onClick={() => setLoginInfo({ enterpriseName: info.name, account })}>登录信息</Button>}
      <LoginInfoDialog info={loginInfo} onClose={() => setLoginInfo(null)} />
      {canToggle && (
        <Button
          danger={info.status === 1}
          onClick={() =>
            run(
              toggle.confirmText,
              () => setEnterpriseStatus(info, toggle.next),
              toggle.next === 2 ? ENTERPRISE_INFO_MSG.disabled : ENTERPRISE_INFO_MSG.enabled,
            )
          }
        >
          {toggle.next === 2 ? '禁用' : '启用'}
        </Button>
      )}
    </div>
  );
}

/** The enterprise's info by id, unmasked while the desensitized view holds a token. */
export function useEnterpriseInfo(id: number | undefined, tenantId: number | undefined) {
  const valid = id !== undefined && id > 0;
  const token = useEnterpriseUnmaskToken();
  const query = useQuery({
    queryKey: enterpriseInfoKey(id ?? 0, tenantId, token),
    queryFn: () => fetchEnterpriseInfo(id as number, tenantId, token),
    enabled: valid,
    retry: false,
  });
  return { valid, query };
}

export function EnterpriseInfoBody({
  id,
  tenantId,
  actions,
}: {
  id: number | undefined;
  tenantId: number | undefined;
  /** the bottom buttons (脱敏查看, 禁用 / 启用): the full page's */
  actions: boolean;
}) {
  const { valid, query } = useEnterpriseInfo(id, tenantId);
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return <Result status="404" title="企业不存在" subTitle="该企业不存在，或您无权查看。" />;
  }
  if (query.isError) return <Result status="warning" title="企业信息加载失败" />;
  if (!query.data) return <Spin className="enterprise-loading" />;
  return (
    <>
      <EnterpriseInfoView info={query.data} />
      {actions && <EnterpriseActions info={query.data} />}
    </>
  );
}

/** 企业信息 embedded in another screen (comeForm other than 1): read only, without the bottom buttons. */
export function EnterpriseInfoEmbedded({ id, tenantId }: { id: number; tenantId?: number }) {
  return (
    <EnterpriseViewContext.Provider value="embedded">
      <EnterpriseInfoBody id={id} tenantId={tenantId} actions={false} />
    </EnterpriseViewContext.Provider>
  );
}

export default function EnterpriseInfoPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const back = (
    <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} aria-label="返回">
      返回
    </Button>
  );
  return (
    <Card
      className="page-card"
      title={
        <Space>
          {back}
          <span>企业信息</span>
        </Space>
      }
    >
      <EnterpriseInfoBody id={idParam(params.get('id'))} tenantId={idParam(params.get('tenantId'))} actions />
    </Card>
  );
}
