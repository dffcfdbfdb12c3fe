/**
 * 自然人账户信息 (spec 3 §2 "Natural-person account info", §3, §4): login info, authentication
 * (ID images, video, face image — shown in the desensitized view — and further authentications whose
 * files open in the attachment dialog, decision 0044), bank card, other info (skill certificates with
 * their enclosures) and the
 * collapsible agreement table; the bottom buttons each with its code (person-actions.ts). The data
 * comes masked; 脱敏查看 asks for the desensitization check and the page reloads it in the clear.
 */
import { fileExtension, MASKED_IMAGE, MSG, PERSON_LOGIN_FLAG, type PersonInfo } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Collapse, Descriptions, Image, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { useAccess } from '../../app/use-access';
import { DesensitizationDialog } from '../../components/DesensitizationDialog';
import { BackButton } from '../../components/DetailStates';
import { StatusTag } from '../../components/list/StatusTag';
import { orDash } from '../../components/text';
import type { AttachmentItem } from '../../components/upload/attachment-item';
import { AttachmentListDialog } from '../../components/upload/AttachmentListDialog';
import { chinaTime } from '../settlements/settlement-format';
import { PersonAgreementTable } from './PersonAgreementTable';
import {
  PersonEditDialog,
  PersonPasswordDialog,
  type PersonTarget,
  PersonTransferDialog,
  PersonTransferRecordsDialog,
} from './PersonDialogs';
import { useLoginFlagActions, usePersonActions } from './person-actions';
import { fetchWasTransferred, PERSON_KEY, personWasTransferredKey } from './person-calls';

/** What the browser cannot play shows this instead (spec 3 §2). */
export const VIDEO_UNSUPPORTED = MSG.unsupportedVideo;

const MASKED_NOTE = '已上传（脱敏查看后显示）';

/**
 * An ID side or the face photo (decision 0044): none says 未上传, one held back while masked says so, else
 * the picture (its signed link) as a thumbnail that previews.
 */
function PersonPicture({ value, label }: { value: 0 | 1 | string; label: string }): ReactNode {
  if (value === 0 || value === '') return '未上传';
  if (value === 1 || value === MASKED_IMAGE) return <span className="person-muted">{MASKED_NOTE}</span>;
  return <Image src={value} alt={label} width={96} height={96} className="person-picture" />;
}

/** A named group's files as the attachment dialog lists them: opened and previewed by their signed links. */
const attachmentsOf = (files: PersonInfo['userAuthVoList'][number]['fileList']): AttachmentItem[] =>
  files.map((file) => ({
    name: file.name,
    address: file.fileAddress,
    url: file.fileAddress,
    fileType: fileExtension(file.name),
    fileSize: file.fileSize,
    createTime: file.createTime,
  }));

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

type Dialog = 'desensitize' | 'password' | 'transfer' | 'records' | 'edit' | null;

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
  const [attachments, setAttachments] = useState<{ title: string; files: AttachmentItem[] } | null>(null);

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
          <Descriptions.Item label="身份证人像面">
            <PersonPicture value={info.frontCard} label="身份证人像面" />
          </Descriptions.Item>
          <Descriptions.Item label="身份证国徽面">
            <PersonPicture value={info.backCard} label="身份证国徽面" />
          </Descriptions.Item>
          <Descriptions.Item label="人脸照片">
            <PersonPicture value={info.faceImage} label="人脸照片" />
          </Descriptions.Item>
          <Descriptions.Item label="认证视频">
            {info.videoAddress === '' ? (
              '未上传'
            ) : info.videoAddress === MASKED_IMAGE ? (
              <span className="person-muted">{MASKED_NOTE}</span>
            ) : (
              <PersonVideo src={info.videoAddress} />
            )}
          </Descriptions.Item>
          {info.userAuthVoList.map((auth) => (
            <Descriptions.Item key={auth.authTypeName} label={auth.authTypeName}>
              <Button
                type="link"
                size="small"
                className="person-inline-link"
                onClick={() => setAttachments({ title: auth.authTypeName, files: attachmentsOf(auth.fileList) })}
              >
                {auth.fileList.length}个文件
              </Button>
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
            {info.skillCerts.length ? (
              <Space size={0} wrap>
                {info.skillCerts.map((cert) => (
                  <Button
                    key={cert.id}
                    type="link"
                    size="small"
                    className="person-inline-link"
                    onClick={() => setAttachments({ title: cert.name, files: attachmentsOf(cert.enclosures) })}
                  >
                    {cert.name}
                  </Button>
                ))}
              </Space>
            ) : (
              '-'
            )}
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
        {allowed.edit && (
          // the form starts from the phone in the clear: the desensitized view first
          <Button onClick={() => (info.unmasked ? setDialog('edit') : notifier().warning(MSG.editWhileMasked))}>
            编辑
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
      <PersonEditDialog
        person={dialog === 'edit' ? target : null}
        verified={info.idCard !== ''}
        onClose={close}
        onDone={refresh}
      />
      <AttachmentListDialog
        open={attachments !== null}
        title={attachments?.title}
        files={attachments?.files}
        onClose={() => setAttachments(null)}
      />
    </div>
  );
}
