/**
 * The enterprise's create-project page: the three blocks of the detail, each saved locally, then
 * 提交审核 checks in the whole-validation order of spec 1 §4 (tax source, then each block saved:
 * 请保存基础信息 / 请保存服务类型信息 / 请保存补充信息) and creates the project (status 0 待审核).
 * One request id per page: a repeated submit answers the same project (decision 0012).
 */
import { projectWholeMessage } from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { PROJECT_DETAIL_PATH, PROJECT_LIST_PATH } from './project-paths';
import {
  BasicInfoBlock,
  type BasicValue,
  basicModelOf,
  emptyBasic,
  type ServiceTypeValue,
  ServiceTypesBlock,
  SupplementaryBlock,
  serviceTypeModelOf,
  type TextValue,
} from './ProjectBlocks';
import { createProject } from './project-calls';
import './projects.css';

export default function ProjectCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tenantId = useSession((state) => state.userInfo?.tenant.id);
  const requestId = useRef(crypto.randomUUID());
  const [basic, setBasic] = useState<BasicValue | null>(null);
  const [types, setTypes] = useState<ServiceTypeValue[] | null>(null);
  const [text, setText] = useState<TextValue | null>(null);
  const [editing, setEditing] = useState({ basic: true, types: true, text: true });
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const message = projectWholeMessage({
      projectStatus: 0,
      taxId: basic?.taxId,
      basicSaved: basic !== null && !editing.basic,
      serviceTypesSaved: types !== null && types.length > 0 && !editing.types,
      textSaved: text !== null && !editing.text,
    });
    if (message || !basic || !types || !text) {
      notifier().warning(message ?? '请保存基础信息');
      return;
    }
    setSubmitting(true);
    try {
      const created = await createProject({
        requestId: requestId.current,
        taxId: basic.taxId,
        projectProjectProjectModel: basicModelOf(basic),
        productArr: basic.products.map((product) => product.id),
        visitTypeList: types.map((type) => ({
          boyaProjectVisitTypeModel: serviceTypeModelOf(type),
          resourcedArr: type.resourceInfo,
        })),
        projectText: text,
      });
      notifier().success('项目已提交，等待平台审核');
      await queryClient.invalidateQueries({ queryKey: ['project'] });
      navigate(`${PROJECT_DETAIL_PATH}?id=${created.id}`);
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="project-page">
      <Card className="project-header">
        <span className="project-title">新建项目</span>
        <div className="project-meta-row">
          <span>填写并保存基础信息、服务类型和补充信息后提交，平台审核通过后项目进行中。</span>
        </div>
      </Card>
      <BasicInfoBlock
        value={basic ?? emptyBasic()}
        canEdit
        initiallyEditing
        tenantId={tenantId}
        onEditingChange={(now) => setEditing((current) => ({ ...current, basic: now }))}
        onSave={async (value) => setBasic(value)}
      />
      <ServiceTypesBlock
        value={types ?? []}
        canEdit
        initiallyEditing
        onEditingChange={(now) => setEditing((current) => ({ ...current, types: now }))}
        onSave={async (value) => setTypes(value)}
      />
      <SupplementaryBlock
        value={text}
        canEdit
        initiallyEditing
        onEditingChange={(now) => setEditing((current) => ({ ...current, text: now }))}
        onSave={async (value) => setText(value)}
      />
      <div className="project-create-actions">
        <Space>
          <Button onClick={() => navigate(PROJECT_LIST_PATH)}>取消</Button>
          <Button type="primary" loading={submitting} onClick={() => void submit()}>
            提交审核
          </Button>
        </Space>
      </div>
    </div>
  );
}
