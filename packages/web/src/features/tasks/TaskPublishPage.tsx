/**
 * 发布任务 (enterprise side; decision 0017's amendment): one task of a project in progress and one of
 * its service types, with the customer it serves, where and when, and its reward. The form checks
 * what the server checks, with the same messages; the server checks again (the project in progress,
 * the service type of the project, the time within the project's cycle, the customer the enterprise's
 * own). One request id per form: a second click or a retry answers the same task.
 */
import { EnvironmentOutlined, SendOutlined } from '@ant-design/icons';
import {
  areaOfPath,
  formatChinaDateTime,
  PROJECT_STATUS_IN_PROGRESS,
  type ProjectServiceTypeRecord,
  pathOfArea,
  TASK_MSG,
  TASK_TYPES,
  type TaskTypeId,
  taskPriceSchema,
  type WorkLocationRecord,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AutoComplete,
  Button,
  Card,
  Cascader,
  Col,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifier } from '../../app/notify';
import { DateRangePicker, rangeToTimes } from '../../components/list/DateRangePicker';
import { RemoteSelect } from '../../components/RemoteSelect';
import { zodRule } from '../../components/zod-rule';
import { CITY_TREE_KEY, fetchCityTree, fetchProjectDetail } from '../projects/project-calls';
import { WorkLocationDialog } from '../projects/WorkLocationDialog';
import { publishTask, TASK_LIST_KEY } from './task-calls';
import { TASK_DETAIL_PATH, TASK_LIST_PATH } from './task-paths';
import './tasks.css';

interface PublishValues {
  projectId?: number;
  visitTypeId?: TaskTypeId;
  title?: string;
  content?: string;
  time?: [Dayjs, Dayjs] | null;
  price?: string;
  resourceId?: number;
  cusId?: number;
  department?: string;
  orgName?: string;
  productName?: string;
  region?: string[];
  address?: string;
  lng?: number | null;
  lat?: number | null;
}

/** The service type's name as the project names it, under its parent when the two differ. */
const serviceTypeLabel = (type: ProjectServiceTypeRecord) =>
  type.parentServiceTypeName && type.parentServiceTypeName !== type.serviceTypeName
    ? `${type.parentServiceTypeName} / ${type.serviceTypeName}`
    : type.serviceTypeName || (TASK_TYPES[type.visitId as TaskTypeId] ?? type.visitId);

/** Longitude and latitude are given together or not at all (the server's rule, its message). */
const bothOrNeither =
  (other: 'lat' | 'lng'): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, value: number | null | undefined) => {
      const given = (v: unknown) => v !== null && v !== undefined;
      return given(value) === given(getFieldValue(other))
        ? Promise.resolve()
        : Promise.reject(new Error(TASK_MSG.coordinatesOutOfRange));
    },
  });

export default function TaskPublishPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PublishValues>();
  const requestId = useRef(crypto.randomUUID());
  const [submitting, setSubmitting] = useState(false);
  const projectId = Form.useWatch('projectId', form);
  const visitTypeId = Form.useWatch('visitTypeId', form);

  const project = useQuery({
    queryKey: ['project', 'detail', projectId ?? 0],
    queryFn: () => fetchProjectDetail(projectId as number),
    enabled: projectId !== undefined,
  });
  const cityTree = useQuery({ queryKey: CITY_TREE_KEY, queryFn: fetchCityTree, staleTime: Number.POSITIVE_INFINITY });
  const serviceTypes = project.data?.visitTypeList ?? [];
  const serviceType = serviceTypes.find((type) => type.visitId === visitTypeId);
  const projectEnd = project.data?.project.endTime;
  const [locationsOpen, setLocationsOpen] = useState(false);
  const locationPickable = projectId !== undefined && serviceType !== undefined && serviceType.orgList.length > 0;
  /** A terminal of the service type's 工作地点 gives the task its name, division and street address. */
  const pickLocation = (location: WorkLocationRecord) => {
    form.setFieldsValue({
      orgName: location.orgName,
      region: pathOfArea(location, cityTree.data ?? []),
      address: location.address,
    });
    setLocationsOpen(false);
  };

  const submit = async (values: PublishValues) => {
    if (submitting || values.projectId === undefined || values.visitTypeId === undefined) return;
    const { startTime, endTime } = rangeToTimes(values.time ?? null);
    if (!startTime || !endTime) return;
    const area = areaOfPath(values.region ?? [], cityTree.data ?? []);
    setSubmitting(true);
    try {
      const published = await publishTask({
        requestId: requestId.current,
        projectId: values.projectId,
        visitTypeId: values.visitTypeId,
        title: values.title ?? '',
        content: values.content ?? '',
        startTime,
        endTime,
        price: values.price ?? '',
        resourceId: values.resourceId ?? null,
        cusId: values.cusId ?? null,
        department: values.department ?? '',
        orgName: values.orgName ?? '',
        productName: values.productName ?? '',
        province: area?.province ?? '',
        city: area?.city ?? '',
        area: area?.area ?? '',
        address: values.address ?? '',
        lat: values.lat ?? null,
        lng: values.lng ?? null,
      });
      notifier().success(TASK_MSG.published(published.taskSn));
      await queryClient.invalidateQueries({ queryKey: TASK_LIST_KEY });
      navigate(`${TASK_DETAIL_PATH}?id=${published.id}`);
    } catch {
      // the request layer has shown the server's message; the form stays for another try
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card
      className="page-card task-publish"
      title={
        <span>
          <SendOutlined /> 发布任务
        </span>
      }
    >
      <Form<PublishValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        onFinish={(values) => void submit(values)}
        scrollToFirstError
      >
        <Typography.Title level={5}>任务信息</Typography.Title>
        <Row gutter={24}>
          <Col xs={24} xl={12}>
            <Form.Item
              name="projectId"
              label="项目"
              rules={[{ required: true, message: TASK_MSG.projectRequired }]}
              extra="仅进行中的项目可发布任务"
            >
              <RemoteSelect
                kind="project"
                filters={{ projectStatus: PROJECT_STATUS_IN_PROGRESS }}
                placeholder="请选择项目"
                onChange={() => form.setFieldsValue({ visitTypeId: undefined, resourceId: undefined })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item
              name="visitTypeId"
              label="服务类型"
              rules={[{ required: true, message: TASK_MSG.serviceTypeRequired }]}
            >
              <Select
                placeholder={projectId === undefined ? '请先选择项目' : '请选择服务类型'}
                disabled={projectId === undefined}
                loading={project.isFetching}
                options={serviceTypes.map((type) => ({ value: type.visitId, label: serviceTypeLabel(type) }))}
                onChange={() => form.setFieldsValue({ resourceId: undefined })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item
              name="title"
              label="任务标题"
              rules={[
                { required: true, whitespace: true, message: TASK_MSG.titleRequired },
                { max: 100, message: TASK_MSG.titleTooLong },
              ]}
            >
              <Input placeholder="请输入任务标题" maxLength={100} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item
              name="time"
              label="任务时间"
              rules={[{ required: true, message: TASK_MSG.taskTimeRequired }]}
              extra={
                project.data ? `项目周期：${project.data.project.cycleDate || '未设置'}` : '任务时间须在项目周期内'
              }
            >
              <DateRangePicker maxTime={projectEnd ? formatChinaDateTime(projectEnd) : null} />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item
              name="price"
              label="任务报酬（元）"
              rules={[zodRule(taskPriceSchema)]}
              extra="不填写时任务不计报酬，不能结算"
            >
              <Input placeholder="请输入任务报酬" maxLength={12} inputMode="decimal" />
            </Form.Item>
          </Col>
          {serviceType && serviceType.resourceInfo.length > 0 && (
            <Col xs={24} xl={12}>
              <Form.Item name="resourceId" label="关联资料">
                <Select
                  allowClear
                  placeholder="请选择文章或问卷"
                  options={serviceType.resourceInfo.map((resource) => ({ value: resource.id, label: resource.title }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item name="content" label="任务内容" rules={[{ max: 2000, message: '任务内容不能超过2000个字符' }]}>
              <Input.TextArea placeholder="请输入任务内容" rows={4} maxLength={2000} showCount />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>服务对象</Typography.Title>
        <Row gutter={24}>
          <Col xs={24} xl={12}>
            <Form.Item name="cusId" label="客户">
              <RemoteSelect
                kind="customer"
                placeholder="请选择客户"
                onChange={(_, record) => {
                  if (record) form.setFieldsValue({ department: record.department, orgName: record.orgName });
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item name="department" label="科室">
              <Input placeholder="请输入科室" maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item name="orgName" label="终端名称">
              <AutoComplete
                placeholder="请输入终端名称"
                maxLength={100}
                options={(serviceType?.orgList ?? []).map((org) => ({ value: org.orgName }))}
                filterOption={(input, option) => String(option?.value ?? '').includes(input)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item name="productName" label="推广产品">
              <Input placeholder="请输入推广产品" maxLength={100} />
            </Form.Item>
          </Col>
        </Row>

        <div className="task-publish-section">
          <Typography.Title level={5}>执行地点</Typography.Title>
          {locationPickable && (
            <Button type="link" icon={<EnvironmentOutlined />} onClick={() => setLocationsOpen(true)}>
              从工作地点选择
            </Button>
          )}
        </div>
        <Row gutter={24}>
          <Col xs={24} xl={12}>
            <Form.Item name="region" label="所在地区">
              <Cascader
                placeholder="请选择省 / 市 / 区"
                changeOnSelect
                showSearch
                loading={cityTree.isLoading}
                options={cityTree.data ?? []}
              />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item name="address" label="详细地址">
              <Input placeholder="请输入详细地址" maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item
              name="lng"
              label="计划经度"
              dependencies={['lat']}
              rules={[bothOrNeither('lat')]}
              extra="GCJ-02 坐标；填写后自动审核按服务类型的定位范围核对签到位置"
            >
              <InputNumber placeholder="如 120.1552" min={73} max={136} step={0.0001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} xl={12}>
            <Form.Item name="lat" label="计划纬度" dependencies={['lng']} rules={[bothOrNeither('lng')]}>
              <InputNumber placeholder="如 30.2741" min={3} max={54} step={0.0001} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>

        <div className="task-publish-actions">
          <Space>
            <Button onClick={() => navigate(TASK_LIST_PATH)}>取消</Button>
            {/* no submit button: Enter in a field (confirming a date, say) must not publish the task */}
            <Button type="primary" loading={submitting} onClick={() => form.submit()}>
              发布任务
            </Button>
          </Space>
        </div>
      </Form>
      {locationPickable && (
        <WorkLocationDialog
          projectId={projectId}
          serviceTypeId={serviceType.id}
          open={locationsOpen}
          onClose={() => setLocationsOpen(false)}
          onPick={pickLocation}
        />
      )}
    </Card>
  );
}
