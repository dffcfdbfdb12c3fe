/**
 * 自然人账户信息 (spec 3 §2 "Natural-person account info", §3, §4): login info, authentication
 * (ID images, video, face image, further authentications), bank card, other info and the
 * collapsible agreement table; the bottom buttons each with its code (person-actions.ts). The data
 * comes masked; 脱敏查看 asks for the desensitization check and the page reloads it in the clear.
 */
import { MSG, PERSON_LOGIN_FLAG, type PersonInfo } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Collapse, Descriptions, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useAccess } from '../../app/use-access';
import { DesensitizationDialog } from '../../components/DesensitizationDialog';
import { BackButton } from '../../components/DetailStates';
import { StatusTag } from '../../components/list/StatusTag';
import { orDash } from '../../components/text';
import { chinaTime } from '../settlements/settlement-format';
import { PersonAgreementTable } from './PersonAgreementTable';
import {
  PersonPasswordDialog,
  type PersonTarget,
  PersonTransferDialog,
  PersonTransferRecordsDialog,
} from './PersonDialogs';
import { useLoginFlagActions, usePersonActions } from './person-actions';
import { fetchWasTransferred, PERSON_KEY, personWasTransferredKey } from './person-calls';

/** What the browser cannot play shows this instead (spec 3 §2). */
export const VIDEO_UNSUPPORTED = MSG.unsupportedVideo;

const uploaded = (flag: 0 | 1, unmasked: boolean): ReactNode =>
  flag === 1 ? (unmasked ? '已上传' : '已上传（脱敏查看后显示）') : '未上传';

/** The verification clip; a format the browser cannot play says so instead of a broken player. */
function PersonVideo({ src }: { src: string }) {
  const [unsupported, setUnsupported] = useState(false);
  if (unsupported) return <span className="person-video-unsupported">{VIDEO_UNSUPPORTED}</span>;
  return (
    // biome-ignore lint/a11y/useMediaCaption: a person's own verification clip has no captions
    <video className="person-video" src={src} controls onError={() => setUnsupported(true)}>
      {VIDEO_UNSUPPORTED}
    </video>
  );
}

type Dialog = 'desensitize' | 'password' | 'transfer' | 'records' | null;

export function PersonAccountInfo({ info, onBack }: { info: PersonInfo; onBack(): void }) {
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const allowed = usePersonActions()(info.loginFlag);
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PERSON_KEY });
  const loginFlag = useLoginFlagActions(refresh);
  const transferred = useQuery({
    queryKey: personWasTransferredKey(info.id),
    queryFn: () => fetchWasTransferred(info.id),
    enabled: allowed.transferRecords,
  });
  const target: PersonTarget = { id: info.id, tenantId: info.tenantId, name: info.name, loginName: info.loginName };
  const close = () => setDialog(null);

  return (
    <div className="person-info">
      <Card className="person-block" size="small" title="登录信息">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="用户编号">{info.userSn}</Descriptions.Item>
          <Descriptions.Item label="姓名">
            <Space size={8}>
              <span className="person-name">{info.name}</span>
              <StatusTag dictionary={PERSON_LOGIN_FLAG} value={info.loginFlag} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="登录账号">{orDash(info.loginName)}</Descriptions.Item>
          <Descriptions.Item label="注册来源">{orDash(info.source_dictText)}</Descriptions.Item>
          <Descriptions.Item label="性别">{orDash(info.sexLabel)}</Descriptions.Item>
          <Descriptions.Item label="年龄">{info.age ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="学历">{orDash(info.educationType_dictText)}</Descriptions.Item>
          <Descriptions.Item label="所属平台">{info.tenantName}</Descriptions.Item>
          <Descriptions.Item label="更新时间">{chinaTime(info.updateTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        className="person-block"
        size="small"
        title="认证信息"
        extra={info.unmasked ? <Tag color="orange">明文显示中</Tag> : undefined}
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="真实姓名">{orDash(info.realName)}</Descriptions.Item>
          <Descriptions.Item label="身份证号">{orDash(info.idCard)}</Descriptions.Item>
          <Descriptions.Item label="身份证人像面">{uploaded(info.frontCard, info.unmasked)}</Descriptions.Item>
          <Descriptions.Item label="身份证国徽面">{uploaded(info.backCard, info.unmasked)}</Descriptions.Item>
          <Descriptions.Item label="人脸照片">
            {info.faceImage ? <img className="person-face" src={info.faceImage} alt="人脸照片" /> : '未上传'}
          </Descriptions.Item>
          <Descriptions.Item label="认证视频">
            {info.videoAddress ? <PersonVideo src={info.videoAddress} /> : '未上传'}
          </Descriptions.Item>
          {info.userAuthVoList.map((auth) => (
            <Descriptions.Item key={auth.authTypeName} label={auth.authTypeName}>
              {auth.fileList.length ? `${auth.fileList.length}个文件` : '未上传'}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card className="person-block" size="small" title="银行卡信息">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="开户银行">{orDash(info.bankName)}</Descriptions.Item>
          <Descriptions.Item label="银行卡号">{orDash(info.bankCard)}</Descriptions.Item>
          <Descriptions.Item label="预留手机号">{orDash(info.bankPhone)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="person-block" size="small" title="其他信息">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="联系地址">{orDash(info.address)}</Descriptions.Item>
          <Descriptions.Item label="电子邮箱">{orDash(info.email)}</Descriptions.Item>
          <Descriptions.Item label="服务类别">{orDash(info.categoryName)}</Descriptions.Item>
          <Descriptions.Item label="技能证书">
            {info.skillCerts.length ? info.skillCerts.map((cert) => cert.name).join('、') : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="平台协议">{orDash(info.contractName)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Collapse
        className="person-block"
        size="small"
        items={[
          {
            key: 'agreements',
            label: '协议信息',
            children: <PersonAgreementTable userId={info.id} />,
          },
        ]}
      />
      <div className="person-actions">
        <BackButton onBack={onBack} />
        {can('personalAccountManage:info:desensitization') && !info.unmasked && (
          <Button onClick={() => setDialog('desensitize')}>脱敏查看</Button>
        )}
        {allowed.transferOut && <Button onClick={() => setDialog('transfer')}>转出</Button>}
        {allowed.transferRecords && (
          <Button disabled={transferred.data !== true} onClick={() => setDialog('records')}>
            转出记录
          </Button>
        )}
        {allowed.changePassword && <Button onClick={() => setDialog('password')}>修改密码</Button>}
        {allowed.ban && (
          <Button danger onClick={() => void loginFlag.ban(info)}>
            禁用
          </Button>
        )}
        {allowed.enable && (
          <Button type="primary" onClick={() => void loginFlag.enable(info)}>
            启用
          </Button>
        )}
        {allowed.clearLoginRestriction && (
          <Button type="primary" onClick={() => void loginFlag.clearLoginRestriction(info)}>
            解除登录限制
          </Button>
        )}
      </div>
      <DesensitizationDialog open={dialog === 'desensitize'} onClose={close} />
      <PersonPasswordDialog person={dialog === 'password' ? target : null} onClose={close} onDone={refresh} />
      <PersonTransferDialog person={dialog === 'transfer' ? target : null} onClose={close} onDone={refresh} />
      <PersonTransferRecordsDialog person={dialog === 'records' ? target : null} onClose={close} />
    </div>
  );
}
