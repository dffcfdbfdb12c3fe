/**
 * The three editable blocks of a project (spec 1 §2 project detail): basic info, service types and
 * supplementary info, each shown as a view or as a form. The forms check with the domain's block
 * schemas, so they show exactly the messages the server would answer (spec 1 §5). The detail page
 * saves each block to the server; the create page keeps them as drafts until it submits.
 */
import { PaperClipOutlined } from '@ant-design/icons';
import {
  AREAS_MAX,
  CONTENT_PICK_MAX_WIDE,
  CONTENT_TYPE,
  areaOfPath,
  DATE_FORMAT,
  EDITOR_HEIGHTS_BY_MODE,
  MSG,
  PARENT_VISIT_TYPE_NAMES,
  PROJECT_PROCESSED,
  PROJECT_TEXT_UPLOAD,
  type ProjectArea,
  type ProjectDetail,
  type ProjectServiceTypeRecord,
  type ProjectTextRecord,
  projectBasicFormSchema,
  projectFieldMessages,
  projectServiceTypeFormSchema,
  projectTextFormSchema,
  resourceTypeOfParent,
  SERVICE_DESCRIPTION_MAX,
  SIGN_LIMIT_FLAGS,
  type SignLeg,
  type SignLimit,
  signLimitFlagsOn,
  signLimitValue,
  signLimitWithFlags,
  TASK_TYPE_PARENTS,
  TASK_TYPES,
  type TaskTypeId,
  truncateAreas,
} from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Cascader,
  Checkbox,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { notifier } from '../../app/notify';
import { ContentPickerDialog } from '../../components/content/ContentPickerDialog';
import { ContentPreviewDialog } from '../../components/content/ContentPreviewDialog';
import { RichTextEditor } from '../../components/content/RichTextEditor';
import { TaxSourcePickerDialog } from '../../components/list/TaxSourcePickerDialog';
import { RemoteSelect } from '../../components/RemoteSelect';
import { type AttachmentItem, activeItems } from '../../components/upload/attachment-item';
import { DocumentUpload } from '../../components/upload/DocumentUpload';
import { findSensitiveWords } from '../system/sensitive-word-calls';
import { CITY_TREE_KEY, fetchCityTree } from './project-calls';
import { WorkLocationDialog } from './WorkLocationDialog';
import { EMPTY_CELL, orDash } from '../../components/text';

export const EMPTY_TEXT = MSG.emptyList;

/** A project's cycle is whole days in China time, whatever the browser's zone. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
export const chinaDateOf = (time: number) => new Date(time + CHINA_OFFSET_MS).toISOString().slice(0, 10);
const chinaDayStart = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
const chinaDayEnd = (date: string) => Date.parse(`${date}T23:59:59+08:00`);

/** Applies messages to a form's fields; true when there were none. */
function showMessages(form: FormInstance, messages: Record<string, string>, fieldOf: (key: string) => string) {
  const fields = Object.entries(messages).map(([key, message]) => ({ name: fieldOf(key), errors: [message] }));
  form.setFields(fields);
  return fields.length === 0;
}

/** A block card: its title, 编辑 while viewing (when allowed), 取消 / 保存 while editing. */
function BlockCard(props: {
  title: string;
  editing: boolean;
  canEdit: boolean;
  saving?: boolean;
  onEdit(): void;
  onCancel(): void;
  onSave(): void;
  children: ReactNode;
}) {
  const { title, editing, canEdit, saving, onEdit, onCancel, onSave, children } = props;
  return (
    <Card
      className="project-block"
      title={title}
      extra={
        editing ? (
          <Space>
            <Button onClick={onCancel}>取消</Button>
            <Button type="primary" loading={saving} onClick={onSave}>
              保存
            </Button>
          </Space>
        ) : (
          canEdit && <Button onClick={onEdit}>编辑</Button>
        )
      }
    >
      {children}
    </Card>
  );
}

// ---- basic info

/** What the basic block holds: the detail's fields that the block edits. */
export interface BasicValue {
  projectName: string;
  projectTypeName: string;
  startTime: number | null;
  endTime: number | null;
  minPeopleNum: number | string | null;
  maxPeopleNum: number | string | null;
  taxId: number | null;
  taxName: string;
  projectScope: number;
  authStatus: number;
  processed: number;
  productAssociation: number;
  products: { id: number; productName: string }[];
  areaList: ProjectArea[];
}

export const emptyBasic = (): BasicValue => ({
  projectName: '',
  projectTypeName: '',
  startTime: null,
  endTime: null,
  minPeopleNum: null,
  maxPeopleNum: null,
  taxId: null,
  taxName: '',
  projectScope: 0,
  authStatus: 0,
  processed: 1,
  productAssociation: 0,
  products: [],
  areaList: [],
});

export const basicOfDetail = (project: ProjectDetail): BasicValue => ({
  projectName: project.projectName,
  projectTypeName: project.projectTypeName,
  startTime: project.startTime,
  endTime: project.endTime,
  minPeopleNum: project.minPeopleNum,
  maxPeopleNum: project.maxPeopleNum,
  taxId: project.taxId,
  taxName: project.taxName,
  projectScope: project.projectScope,
  authStatus: project.authStatus,
  processed: project.processed,
  productAssociation: project.productAssociation,
  products: project.boyaProduct.map(({ id, productName }) => ({ id, productName })),
  areaList: project.areaList,
});

/** The basics as projectProjectProjectModel carries them. */
export const basicModelOf = (value: BasicValue) => ({
  projectName: value.projectName,
  projectTypeName: value.projectTypeName,
  startTime: value.startTime,
  endTime: value.endTime,
  minPeopleNum: value.minPeopleNum,
  maxPeopleNum: value.maxPeopleNum,
  taxId: value.taxId,
  projectScope: value.projectScope,
  authStatus: value.authStatus,
  processed: value.processed,
  productAssociation: value.productAssociation,
  areaList: value.areaList,
});

const areaLabel = (area: ProjectArea) => [area.province, area.city, area.area].filter(Boolean).join('/');
const FLAG_TEXT = { 0: '否', 1: '是' } as const;
const SCOPE_TEXT = { 0: '所有人可见', 1: '经验匹配' } as const;

/** Cascader paths of the areas (6-digit codes), and back to areas with their names from the tree. */
const pathOf = (area: ProjectArea) => [area.provinceId, area.cityId, area.areaId].filter(Boolean);

interface BasicFormValues {
  projectName: string;
  projectTypeName: string;
  cycle: [Dayjs, Dayjs] | null;
  minPeopleNum: string;
  maxPeopleNum: string;
  projectScope: number;
  authStatus: number;
  processed: number;
  productAssociation: number;
  areaPaths: string[][];
}

const formValuesOf = (value: BasicValue): BasicFormValues => ({
  projectName: value.projectName,
  projectTypeName: value.projectTypeName,
  cycle:
    value.startTime !== null && value.endTime !== null
      ? [dayjs(chinaDateOf(value.startTime)), dayjs(chinaDateOf(value.endTime))]
      : null,
  minPeopleNum: value.minPeopleNum === null ? '' : String(value.minPeopleNum),
  maxPeopleNum: value.maxPeopleNum === null ? '' : String(value.maxPeopleNum),
  projectScope: value.projectScope,
  authStatus: value.authStatus,
  processed: value.processed,
  productAssociation: value.productAssociation,
  areaPaths: value.areaList.map(pathOf),
});

export interface BasicBlockProps {
  value: BasicValue;
  canEdit: boolean;
  /** start in edit mode (the create page) */
  initiallyEditing?: boolean;
  /** the tenant whose tax sources are offered */
  tenantId?: number;
  /** saves the block; resolves when saved (then the block returns to view) */
  onSave(value: BasicValue): Promise<void>;
  /** reports whether the block is being edited (the create page's unsaved check) */
  onEditingChange?(editing: boolean): void;
}

export function BasicInfoBlock({
  value,
  canEdit,
  initiallyEditing,
  tenantId,
  onSave,
  onEditingChange,
}: BasicBlockProps) {
  const [editing, setEditingState] = useState(Boolean(initiallyEditing));
  const [saving, setSaving] = useState(false);
  const [tax, setTax] = useState<{ id: number | null; name: string }>({ id: value.taxId, name: value.taxName });
  const [taxOpen, setTaxOpen] = useState(false);
  const [products, setProducts] = useState(value.products);
  const [form] = Form.useForm<BasicFormValues>();
  const cityTree = useQuery({ queryKey: CITY_TREE_KEY, queryFn: fetchCityTree, staleTime: Infinity, enabled: editing });
  const linked = Form.useWatch('productAssociation', form);

  const setEditing = (next: boolean) => {
    setEditingState(next);
    onEditingChange?.(next);
  };
  const startEditing = () => {
    form.setFieldsValue(formValuesOf(value));
    setTax({ id: value.taxId, name: value.taxName });
    setProducts(value.products);
    setEditing(true);
  };
  const cancel = () => {
    form.setFieldsValue(formValuesOf(value));
    setTax({ id: value.taxId, name: value.taxName });
    setProducts(value.products);
    setEditing(false);
  };

  const save = async () => {
    const values = form.getFieldsValue(true) as BasicFormValues;
    const tree = cityTree.data ?? [];
    const areaList = (values.areaPaths ?? [])
      .map((path) => areaOfPath(path, tree))
      .filter((area): area is ProjectArea => area !== null);
    const next: BasicValue = {
      projectName: values.projectName ?? '',
      projectTypeName: values.projectTypeName ?? '',
      startTime: values.cycle?.[0] ? chinaDayStart(values.cycle[0].format(DATE_FORMAT)) : null,
      endTime: values.cycle?.[1] ? chinaDayEnd(values.cycle[1].format(DATE_FORMAT)) : null,
      minPeopleNum: values.minPeopleNum ?? '',
      maxPeopleNum: values.maxPeopleNum ?? '',
      taxId: tax.id,
      taxName: tax.name,
      projectScope: values.projectScope,
      authStatus: values.authStatus,
      processed: values.processed,
      productAssociation: values.productAssociation,
      products: values.productAssociation === 1 ? products : [],
      areaList: (values.areaPaths ?? []).length === areaList.length ? areaList : value.areaList,
    };
    const messages = projectFieldMessages(projectBasicFormSchema, {
      ...basicModelOf(next),
      productIds: next.products.map((product) => product.id),
    });
    const fieldOf = (key: string) =>
      key === 'startTime' || key === 'endTime'
        ? 'cycle'
        : key === 'areaList'
          ? 'areaPaths'
          : key === 'productIds'
            ? 'productAssociation'
            : key;
    if (!showMessages(form, messages, fieldOf)) return;
    setSaving(true);
    try {
      await onSave(next);
      setEditing(false);
    } catch {
      // the request layer has shown the server's message; the form stays open
    } finally {
      setSaving(false);
    }
  };

  return (
    <BlockCard
      title="基础信息"
      editing={editing}
      canEdit={canEdit}
      saving={saving}
      onEdit={startEditing}
      onCancel={cancel}
      onSave={() => void save()}
    >
      {editing ? (
        <Form form={form} layout="horizontal" labelCol={{ flex: '120px' }} initialValues={formValuesOf(value)}>
          <div className="project-form-grid">
            <Form.Item name="projectName" label="项目名称" required>
              <Input placeholder="请输入项目名称" maxLength={100} />
            </Form.Item>
            <Form.Item name="projectTypeName" label="所属行业">
              <Input placeholder="请输入所属行业" maxLength={64} />
            </Form.Item>
            <Form.Item name="cycle" label="项目周期" required>
              <DatePicker.RangePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="招收人数" required style={{ marginBottom: 0 }}>
              <Space.Compact block>
                <Form.Item name="minPeopleNum" noStyle={false} style={{ flex: 1 }}>
                  <Input placeholder="最少人数" aria-label="最少人数" />
                </Form.Item>
                <span className="project-range-sep">~</span>
                <Form.Item name="maxPeopleNum" style={{ flex: 1 }}>
                  <Input placeholder="最多人数" aria-label="最多人数" />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item label="税源地" required>
              <Space>
                <span>{tax.name || <span className="list-empty-cell">未选择</span>}</span>
                <Button size="small" onClick={() => setTaxOpen(true)}>
                  选择税源地
                </Button>
              </Space>
            </Form.Item>
            <Form.Item name="projectScope" label="项目范围">
              <Radio.Group options={[0, 1].map((v) => ({ value: v, label: SCOPE_TEXT[v as 0 | 1] }))} />
            </Form.Item>
            <Form.Item name="processed" label="项目环境">
              <Radio.Group
                options={[
                  { value: 1, label: PROJECT_PROCESSED[1] },
                  { value: 0, label: PROJECT_PROCESSED[0] },
                ]}
              />
            </Form.Item>
            <Form.Item name="authStatus" label="授权绑定">
              <Radio.Group
                options={[
                  { value: 1, label: '需要' },
                  { value: 0, label: '不需要' },
                ]}
              />
            </Form.Item>
            <Form.Item name="productAssociation" label="关联产品">
              <Radio.Group
                options={[
                  { value: 1, label: '是' },
                  { value: 0, label: '否' },
                ]}
              />
            </Form.Item>
            {linked === 1 && (
              <Form.Item label="产品">
                <Space wrap>
                  {products.map((product) => (
                    <Tag
                      key={product.id}
                      closable
                      onClose={() => setProducts((current) => current.filter((p) => p.id !== product.id))}
                    >
                      {product.productName}
                    </Tag>
                  ))}
                  <RemoteSelect
                    kind="product"
                    placeholder="添加产品"
                    style={{ width: 200 }}
                    value={null}
                    onChange={(id, record) => {
                      if (typeof id !== 'number' || !record) return;
                      setProducts((current) =>
                        current.some((p) => p.id === id) ? current : [...current, { id, productName: record.label }],
                      );
                    }}
                  />
                </Space>
              </Form.Item>
            )}
          </div>
          <Form.Item name="areaPaths" label="服务区域">
            <Cascader
              multiple
              showCheckedStrategy={Cascader.SHOW_PARENT}
              maxTagCount="responsive"
              placeholder="请选择区域（最多50个）"
              loading={cityTree.isLoading}
              options={cityTree.data as never}
              showSearch
              onChange={(paths) => {
                const picked = paths as string[][];
                if (picked.length > AREAS_MAX) {
                  notifier().warning(MSG.areasLimit);
                  form.setFieldValue('areaPaths', truncateAreas(picked));
                }
              }}
            />
          </Form.Item>
          <TaxSourcePickerDialog
            open={taxOpen}
            tenantId={tenantId}
            value={tax.id ? { id: tax.id, taxName: tax.name, tenantId: tenantId ?? 0 } : null}
            onCancel={() => setTaxOpen(false)}
            onConfirm={(picked) => {
              setTax({ id: picked.id, name: picked.taxName });
              setTaxOpen(false);
            }}
          />
        </Form>
      ) : (
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="项目名称">{orDash(value.projectName)}</Descriptions.Item>
          <Descriptions.Item label="所属行业">{orDash(value.projectTypeName)}</Descriptions.Item>
          <Descriptions.Item label="项目周期">
            {value.startTime !== null && value.endTime !== null
              ? `${chinaDateOf(value.startTime)} 至 ${chinaDateOf(value.endTime)}`
              : EMPTY_CELL}
          </Descriptions.Item>
          <Descriptions.Item label="招收人数">
            {value.minPeopleNum === null ? EMPTY_CELL : `${value.minPeopleNum} ~ ${value.maxPeopleNum} 人`}
          </Descriptions.Item>
          <Descriptions.Item label="税源地">{orDash(value.taxName)}</Descriptions.Item>
          <Descriptions.Item label="项目范围">
            {SCOPE_TEXT[value.projectScope as 0 | 1] ?? EMPTY_CELL}
          </Descriptions.Item>
          <Descriptions.Item label="项目环境">{PROJECT_PROCESSED[value.processed === 1 ? 1 : 0]}</Descriptions.Item>
          <Descriptions.Item label="授权绑定">{value.authStatus === 1 ? '需要' : '不需要'}</Descriptions.Item>
          <Descriptions.Item label="关联产品">
            {value.productAssociation === 1 && value.products.length > 0
              ? value.products.map((product) => <Tag key={product.id}>{product.productName}</Tag>)
              : FLAG_TEXT[0]}
          </Descriptions.Item>
          <Descriptions.Item label="服务区域" span={3}>
            {value.areaList.length > 0
              ? value.areaList.map((area) => <Tag key={pathOf(area).join('-')}>{areaLabel(area)}</Tag>)
              : EMPTY_CELL}
          </Descriptions.Item>
        </Descriptions>
      )}
    </BlockCard>
  );
}

// ---- service types

export type ServiceTypeValue = Omit<
  ProjectServiceTypeRecord,
  'id' | 'projectId' | 'parentServiceTypeName' | 'serviceTypeName'
> & { id?: number };

const typeName = (code: string) =>
  TASK_TYPES[code as TaskTypeId] ?? PARENT_VISIT_TYPE_NAMES[code as keyof typeof PARENT_VISIT_TYPE_NAMES] ?? code;
const parentOf = (visitId: string) => TASK_TYPE_PARENTS[visitId as TaskTypeId] ?? visitId;
const ONLINE_TEXT: Record<number, string> = { 0: '线上', 1: '线下', 3: '学术活动', 2: '普通' };
const TYPE_OPTIONS = (Object.keys(TASK_TYPES) as TaskTypeId[]).map((code) => ({
  value: code,
  label: TASK_TYPE_PARENTS[code] ? `${typeName(parentOf(code))} / ${TASK_TYPES[code]}` : TASK_TYPES[code],
}));

export const emptyServiceType = (): ServiceTypeValue => ({
  visitParentId: '',
  visitId: '',
  seconds: null,
  rewardDesc: '',
  description: '',
  online: 0,
  resourceInfo: [],
  orgList: [],
  locationScope: null,
  signInLimit: null,
  signOutLimit: null,
});

/** The service type as boyaProjectVisitTypeModel carries it (resourceInfo goes as resourcedArr). */
export const serviceTypeModelOf = ({ resourceInfo: _resources, ...type }: ServiceTypeValue) => type;

/** What each leg's flags ask for (the automatic audit checks them, decision 0017). */
const SIGN_LIMIT_HELP: Record<SignLeg, string> = {
  signIn: '签到：须签到；定位：签到位置须在定位范围内；拍照：须上传签到照片；相册：允许使用相册照片',
  signOut:
    '签退：须签退；定位：签退位置须在定位范围内；拍照：须上传签退照片；相册：允许使用相册照片；上传附件：须上传反馈附件',
};
const SIGN_LEG_LABEL: Record<SignLeg, string> = { signIn: '签到要求', signOut: '签退要求' };

/** A leg's limit in words: the flags that are on, or 不要求签到 / 不要求签退 when the leg is off. */
export function signLimitText(limit: SignLimit | null, leg: SignLeg): string {
  const on = signLimitFlagsOn(limit, leg);
  const [legFlag] = SIGN_LIMIT_FLAGS[leg];
  if (!on.includes(legFlag.key)) return `不要求${legFlag.label}`;
  const photos = signLimitValue(limit, leg, 'photo');
  return SIGN_LIMIT_FLAGS[leg]
    .filter(({ key }) => on.includes(key))
    .map(({ key, label }) => (key === 'photo' && photos > 1 ? `${label}（至少${photos}张）` : label))
    .join('、');
}

/** Which fields a type has beyond the common ones: articles or questionnaires (p-ppxc, p-wjdy), the cgfw settings. */
const takesResources = (type: ServiceTypeValue) => resourceTypeOfParent(type.visitParentId) !== null;
const isOrdinaryService = (type: ServiceTypeValue) => type.visitId === 'cgfw';
const resourceLabel = (type: ServiceTypeValue) => (type.visitParentId === 'p-wjdy' ? '调研问卷' : '推广文章');

/** The picked articles or questionnaires as tags; a title opens the phone preview. */
function ResourceTags({
  resources,
  onPreview,
  onRemove,
}: {
  resources: ServiceTypeValue['resourceInfo'];
  onPreview(id: number): void;
  onRemove?(id: number): void;
}) {
  return resources.map((resource) => (
    <Tag
      key={resource.id}
      closable={Boolean(onRemove)}
      onClose={() => onRemove?.(resource.id)}
      className="project-resource-tag"
    >
      <Button type="link" size="small" className="project-resource-title" onClick={() => onPreview(resource.id)}>
        {resource.title}
      </Button>
    </Tag>
  ));
}

function ServiceTypeView({ type, projectId }: { type: ServiceTypeValue; projectId?: number }) {
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [locationsOpen, setLocationsOpen] = useState(false);
  // the dialog reads the saved type's terminals: not while a project is being created
  const showsLocations = projectId !== undefined && type.id !== undefined && type.orgList.length > 0;
  return (
    <>
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" className="project-service-type">
        <Descriptions.Item label="服务类型">
          <Tag color="blue">{typeName(type.visitParentId)}</Tag>
          {type.visitId !== type.visitParentId && typeName(type.visitId)}
        </Descriptions.Item>
        <Descriptions.Item label="服务方式">{ONLINE_TEXT[type.online] ?? '普通'}</Descriptions.Item>
        <Descriptions.Item label="报酬说明">{orDash(type.rewardDesc)}</Descriptions.Item>
        {type.visitParentId === 'p-zrfw' && (
          <Descriptions.Item label="产品准入天数">{orDash(type.seconds)}</Descriptions.Item>
        )}
        {isOrdinaryService(type) && (
          <>
            <Descriptions.Item label="定位范围">
              {type.locationScope === null ? EMPTY_CELL : `${type.locationScope} 米`}
            </Descriptions.Item>
            <Descriptions.Item label="签到要求">{signLimitText(type.signInLimit, 'signIn')}</Descriptions.Item>
            <Descriptions.Item label="签退要求">{signLimitText(type.signOutLimit, 'signOut')}</Descriptions.Item>
            <Descriptions.Item label="服务终端" span={3}>
              {type.orgList.length > 0 ? type.orgList.map((org) => <Tag key={org.id}>{org.orgName}</Tag>) : EMPTY_CELL}
              {showsLocations && (
                <Button type="link" size="small" onClick={() => setLocationsOpen(true)}>
                  查看工作地点
                </Button>
              )}
            </Descriptions.Item>
          </>
        )}
        {(takesResources(type) || type.resourceInfo.length > 0) && (
          <Descriptions.Item label={resourceLabel(type)} span={3}>
            {type.resourceInfo.length > 0 ? (
              <ResourceTags resources={type.resourceInfo} onPreview={setPreviewId} />
            ) : (
              EMPTY_CELL
            )}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="服务描述" span={3}>
          <span className="project-text">{orDash(type.description)}</span>
        </Descriptions.Item>
      </Descriptions>
      {previewId !== null && <ContentPreviewDialog id={previewId} onClose={() => setPreviewId(null)} />}
      {showsLocations && (
        <WorkLocationDialog
          projectId={projectId}
          serviceTypeId={type.id as number}
          open={locationsOpen}
          onClose={() => setLocationsOpen(false)}
        />
      )}
    </>
  );
}

/** A new type keeps what every type has; what belongs to the former type goes (its articles too). */
function withVisitType(type: ServiceTypeValue, visitId: string): ServiceTypeValue {
  const empty = emptyServiceType();
  return {
    ...empty,
    id: type.id,
    online: type.online,
    rewardDesc: type.rewardDesc,
    description: type.description,
    visitId,
    visitParentId: parentOf(visitId),
  };
}

function SignLimitField({
  leg,
  limit,
  onChange,
}: {
  leg: SignLeg;
  limit: SignLimit | null;
  onChange(limit: SignLimit): void;
}) {
  const on = signLimitFlagsOn(limit, leg);
  const legOn = on.includes(leg);
  return (
    <Form.Item label={SIGN_LEG_LABEL[leg]} tooltip={SIGN_LIMIT_HELP[leg]}>
      <Checkbox.Group
        aria-label={SIGN_LEG_LABEL[leg]}
        value={on}
        options={SIGN_LIMIT_FLAGS[leg].map(({ key, label }) => ({
          value: key,
          label,
          // without the leg itself its other flags are not checked: they stay as set, greyed
          disabled: key !== leg && !legOn,
        }))}
        onChange={(values) => onChange(signLimitWithFlags(limit, leg, values as string[]))}
      />
    </Form.Item>
  );
}

function ServiceTypeEditor({
  index,
  type,
  companyId,
  onChange,
  onRemove,
  errors,
}: {
  index: number;
  type: ServiceTypeValue;
  /** the project's enterprise, whose articles, questionnaires and terminals are offered */
  companyId?: number;
  onChange(type: ServiceTypeValue): void;
  onRemove?(): void;
  errors: Record<string, string>;
}) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const status = (field: string) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: string) => errors[field];
  const contentType = resourceTypeOfParent(type.visitParentId);
  return (
    <Card
      size="small"
      className="project-service-type"
      title={`服务类型 ${index + 1}`}
      extra={
        onRemove && (
          <Button type="link" danger onClick={onRemove}>
            删除
          </Button>
        )
      }
    >
      <Form layout="horizontal" labelCol={{ flex: '120px' }} component="div">
        <div className="project-form-grid">
          <Form.Item label="服务类型" required validateStatus={status('visitId')} help={help('visitId')}>
            <Select
              placeholder="请选择服务类型"
              options={TYPE_OPTIONS}
              value={type.visitId || undefined}
              disabled={type.id !== undefined}
              onChange={(visitId: string) => onChange(withVisitType(type, visitId))}
            />
          </Form.Item>
          <Form.Item label="服务方式">
            <Select
              value={type.online}
              options={Object.entries(ONLINE_TEXT).map(([value, label]) => ({ value: Number(value), label }))}
              onChange={(online: number) => onChange({ ...type, online })}
            />
          </Form.Item>
          <Form.Item label="报酬说明" validateStatus={status('rewardDesc')} help={help('rewardDesc')}>
            <Input
              value={type.rewardDesc}
              maxLength={200}
              placeholder="如：每完成一次拜访 80 元"
              onChange={(event) => onChange({ ...type, rewardDesc: event.target.value })}
            />
          </Form.Item>
          {type.visitParentId === 'p-zrfw' && (
            <Form.Item label="产品准入天数" validateStatus={status('seconds')} help={help('seconds')}>
              <InputNumber
                min={0}
                precision={0}
                value={type.seconds}
                style={{ width: '100%' }}
                onChange={(seconds) => onChange({ ...type, seconds })}
              />
            </Form.Item>
          )}
          {isOrdinaryService(type) && (
            <Form.Item label="定位范围（米）" validateStatus={status('locationScope')} help={help('locationScope')}>
              <InputNumber
                min={0}
                precision={0}
                value={type.locationScope}
                style={{ width: '100%' }}
                onChange={(locationScope) => onChange({ ...type, locationScope })}
              />
            </Form.Item>
          )}
        </div>
        {isOrdinaryService(type) && (
          <>
            <SignLimitField
              leg="signIn"
              limit={type.signInLimit}
              onChange={(signInLimit) => onChange({ ...type, signInLimit })}
            />
            <SignLimitField
              leg="signOut"
              limit={type.signOutLimit}
              onChange={(signOutLimit) => onChange({ ...type, signOutLimit })}
            />
            <Form.Item label="服务终端" validateStatus={status('orgList')} help={help('orgList')}>
              <Space wrap>
                {type.orgList.map((org) => (
                  <Tag
                    key={org.id}
                    closable
                    onClose={() => onChange({ ...type, orgList: type.orgList.filter((item) => item.id !== org.id) })}
                  >
                    {org.orgName}
                  </Tag>
                ))}
                <RemoteSelect
                  kind="organisation"
                  filters={companyId === undefined ? undefined : { companyId }}
                  placeholder="添加终端"
                  aria-label="添加终端"
                  style={{ width: 240 }}
                  value={null}
                  onChange={(id, record) => {
                    if (typeof id !== 'number' || !record || type.orgList.some((org) => org.id === id)) return;
                    onChange({ ...type, orgList: [...type.orgList, { id, orgName: record.orgName }] });
                  }}
                />
              </Space>
            </Form.Item>
          </>
        )}
        {contentType !== null && (
          <Form.Item label={resourceLabel(type)} validateStatus={status('resourceInfo')} help={help('resourceInfo')}>
            <Space wrap>
              <ResourceTags
                resources={type.resourceInfo}
                onPreview={setPreviewId}
                onRemove={(id) =>
                  onChange({ ...type, resourceInfo: type.resourceInfo.filter((resource) => resource.id !== id) })
                }
              />
              <Button size="small" onClick={() => setPickerOpen(true)}>
                {`选择${CONTENT_TYPE[contentType]}`}
              </Button>
            </Space>
          </Form.Item>
        )}
        <Form.Item label="服务描述" validateStatus={status('description')} help={help('description')}>
          <Input.TextArea
            value={type.description}
            rows={3}
            showCount
            maxLength={SERVICE_DESCRIPTION_MAX + 1}
            placeholder="请输入服务描述"
            onChange={(event) => onChange({ ...type, description: event.target.value })}
          />
        </Form.Item>
        {contentType === null && errors.resourceInfo && (
          <div className="ant-form-item-explain-error">{errors.resourceInfo}</div>
        )}
      </Form>
      {contentType !== null && (
        <ContentPickerDialog
          open={pickerOpen}
          type={contentType}
          companyId={companyId}
          max={CONTENT_PICK_MAX_WIDE}
          value={type.resourceInfo}
          onOk={(picked) => {
            onChange({ ...type, resourceInfo: picked });
            setPickerOpen(false);
          }}
          onCancel={() => setPickerOpen(false)}
        />
      )}
      {previewId !== null && <ContentPreviewDialog id={previewId} onClose={() => setPreviewId(null)} />}
    </Card>
  );
}

/** Messages of each type, then the sensitive-word check of their texts (spec 1 §5) before saving. */
async function checkServiceTypes(types: ServiceTypeValue[]): Promise<Record<string, string>[] | null> {
  const all = types.map((type) => projectFieldMessages(projectServiceTypeFormSchema, type));
  if (all.some((messages) => Object.keys(messages).length > 0)) return all;
  const repeated = types.findIndex((type, i) => types.findIndex((other) => other.visitId === type.visitId) !== i);
  if (repeated >= 0) {
    all[repeated] = { visitId: '服务类型不能重复' };
    return all;
  }
  for (const [i, type] of types.entries()) {
    const text = `${type.description}\n${type.rewardDesc}`;
    if (text.trim() === '') continue;
    const found = await findSensitiveWords(text);
    if (found.words.length > 0) {
      all[i] = { description: MSG.sensitiveWordsFoundNamed(found.words) };
      return all;
    }
  }
  return null;
}

export interface ServiceTypesBlockProps {
  value: ServiceTypeValue[];
  canEdit: boolean;
  /** the saved project (its types' terminals open the 工作地点 dialog); absent while creating */
  projectId?: number;
  /** the project's enterprise (platform side): its library and terminals are offered; the enterprise side has its own */
  companyId?: number;
  initiallyEditing?: boolean;
  onSave(types: ServiceTypeValue[]): Promise<void>;
  onEditingChange?(editing: boolean): void;
}

export function ServiceTypesBlock({
  value,
  canEdit,
  projectId,
  companyId,
  initiallyEditing,
  onSave,
  onEditingChange,
}: ServiceTypesBlockProps) {
  const [editing, setEditingState] = useState(Boolean(initiallyEditing));
  const [draft, setDraft] = useState<ServiceTypeValue[]>(value.length ? value : [emptyServiceType()]);
  const [errors, setErrors] = useState<Record<string, string>[]>([]);
  const [saving, setSaving] = useState(false);
  const setEditing = (next: boolean) => {
    setEditingState(next);
    onEditingChange?.(next);
  };

  const save = async () => {
    setSaving(true);
    try {
      const problems = await checkServiceTypes(draft);
      if (problems) {
        setErrors(problems);
        return;
      }
      setErrors([]);
      await onSave(draft);
      setEditing(false);
    } catch {
      // shown by the request layer; the form stays open
    } finally {
      setSaving(false);
    }
  };

  return (
    <BlockCard
      title="服务类型"
      editing={editing}
      canEdit={canEdit}
      saving={saving}
      onEdit={() => {
        setDraft(value.length ? value : [emptyServiceType()]);
        setErrors([]);
        setEditing(true);
      }}
      onCancel={() => {
        setDraft(value.length ? value : [emptyServiceType()]);
        setErrors([]);
        setEditing(false);
      }}
      onSave={() => void save()}
    >
      {editing ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {draft.map((type, index) => (
            <ServiceTypeEditor
              // a new type has no id yet: its place in the list is its identity while editing
              key={type.id ?? `new-${index}`}
              index={index}
              type={type}
              companyId={companyId}
              errors={errors[index] ?? {}}
              onChange={(next) => setDraft((current) => current.map((item, i) => (i === index ? next : item)))}
              onRemove={
                type.id === undefined && draft.length > 1
                  ? () => setDraft((current) => current.filter((_, i) => i !== index))
                  : undefined
              }
            />
          ))}
          <Button type="dashed" block onClick={() => setDraft((current) => [...current, emptyServiceType()])}>
            添加服务类型
          </Button>
        </Space>
      ) : value.length > 0 ? (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          {value.map((type) => (
            <ServiceTypeView key={type.id ?? type.visitId} type={type} projectId={projectId} />
          ))}
        </Space>
      ) : (
        <Empty description={EMPTY_TEXT} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </BlockCard>
  );
}

// ---- supplementary info

export type TextValue = Pick<ProjectTextRecord, 'description' | 'steps' | 'fileList'>;
type TextFile = ProjectTextRecord['fileList'][number];

const attachmentOf = (file: TextFile): AttachmentItem => ({
  name: file.fileName,
  address: file.fileAddress,
  fileType: file.fileType,
  delFlag: 0,
  url: file.url,
});
const fileOf = (item: AttachmentItem): TextFile => ({
  fileName: item.name,
  fileType: item.fileType ?? item.name.split('.').pop() ?? '',
  fileAddress: item.address,
});

export interface TextBlockProps {
  value: TextValue | null;
  canEdit: boolean;
  initiallyEditing?: boolean;
  onSave(text: TextValue): Promise<void>;
  onEditingChange?(editing: boolean): void;
}

interface TextForm {
  description: string;
  steps: string;
  files: AttachmentItem[];
}

/**
 * 补充信息: the project description in the rich text editor (the server keeps it through the article
 * allowlist), the business breakdown, and Word or PDF attachments of the project.
 */
export function SupplementaryBlock({ value, canEdit, initiallyEditing, onSave, onEditingChange }: TextBlockProps) {
  const [editing, setEditingState] = useState(Boolean(initiallyEditing));
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [form] = Form.useForm<TextForm>();
  const initial: TextForm = {
    description: value?.description ?? '',
    steps: value?.steps ?? '',
    files: (value?.fileList ?? []).map(attachmentOf),
  };
  const setEditing = (next: boolean) => {
    setEditingState(next);
    onEditingChange?.(next);
  };

  const save = async () => {
    if (uploading) {
      notifier().warning(MSG.uploadInProgress);
      return;
    }
    const values = form.getFieldsValue(true) as Partial<TextForm>;
    const next: TextValue = {
      description: values.description ?? '',
      steps: values.steps ?? '',
      fileList: activeItems(values.files).map(fileOf),
    };
    if (!showMessages(form, projectFieldMessages(projectTextFormSchema, next), (key) => key)) return;
    setSaving(true);
    try {
      await onSave(next);
      setEditing(false);
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  return (
    <BlockCard
      title="补充信息"
      editing={editing}
      canEdit={canEdit}
      saving={saving}
      onEdit={() => {
        form.setFieldsValue(initial);
        setEditing(true);
      }}
      onCancel={() => {
        form.setFieldsValue(initial);
        setEditing(false);
      }}
      onSave={() => void save()}
    >
      {editing ? (
        <Form form={form} layout="horizontal" labelCol={{ flex: '120px' }} initialValues={initial}>
          <Form.Item name="description" label="项目描述" required>
            <RichTextEditor height={EDITOR_HEIGHTS_BY_MODE[1]} placeholder="请输入项目描述" label="项目描述" />
          </Form.Item>
          <Form.Item name="steps" label="业务拆解">
            <Input.TextArea rows={3} placeholder="如：招募、培训、执行、验收" maxLength={5000} />
          </Form.Item>
          <Form.Item name="files" label="附件">
            <DocumentUpload
              maxCount={PROJECT_TEXT_UPLOAD.maxFiles}
              uploadPath={PROJECT_TEXT_UPLOAD.uploadPath}
              buttonText="上传附件"
              onBusyChange={setUploading}
            />
          </Form.Item>
        </Form>
      ) : value ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="项目描述">
            {/* sanitised on the server with the article allowlist before it was stored */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised rich text */}
            <div className="project-rich-text" dangerouslySetInnerHTML={{ __html: value.description }} />
          </Descriptions.Item>
          <Descriptions.Item label="业务拆解">
            <span className="project-text">{orDash(value.steps)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="附件">
            {value.fileList.length > 0 ? (
              <Space orientation="vertical" size={2}>
                {value.fileList.map((file) => (
                  <a key={file.fileAddress} href={file.url ?? file.fileAddress} target="_blank" rel="noreferrer">
                    <PaperClipOutlined /> {file.fileName}
                  </a>
                ))}
              </Space>
            ) : (
              EMPTY_CELL
            )}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty description={EMPTY_TEXT} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </BlockCard>
  );
}
