import { CHART, cutChartLabel, MSG, needsChartSlider } from '@fieldpay/domain';
/** /dashboard/analysis: the real figures of the session's scope (GET /api/sys/dashboard/overview). */
import {
  ApartmentOutlined,
  BankOutlined,
  FileDoneOutlined,
  MoneyCollectOutlined,
  ProjectOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useSession } from '../../app/session-store';
import { type ChartOption, EChart } from '../../components/EChart';
import { RemoteSelect } from '../../components/RemoteSelect';
import { type DashboardOverview, dashboardOverview, type NamedValue } from './dashboard-calls';
import './dashboard.css';

export function barOption(series: NamedValue[], unit: string): ChartOption {
  const slider = needsChartSlider(series.length, 'default');
  return {
    color: [...CHART.palette],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (value) => `${value}${unit}` },
    grid: { left: 48, right: 24, top: 24, bottom: slider ? 72 : 40 },
    xAxis: {
      type: 'category',
      data: series.map((item) => item.name),
      axisLabel: { formatter: (label: string) => cutChartLabel(label), interval: 0 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    dataZoom: slider ? [{ type: 'slider', startValue: 0, endValue: CHART.sliderAboveBars - 1, bottom: 16 }] : [],
    series: [
      {
        type: 'bar',
        barMaxWidth: 36,
        data: series.map((item, index) => ({
          value: item.value,
          itemStyle: { color: CHART.palette[index % CHART.palette.length], borderRadius: [4, 4, 0, 0] },
        })),
      },
    ],
  } as ChartOption;
}

export function pieOption(series: NamedValue[], unit: string): ChartOption {
  return {
    color: [...CHART.palette],
    tooltip: { trigger: 'item', valueFormatter: (value) => `${value}${unit}` },
    legend: { bottom: 0, left: 'center', itemWidth: 12, itemHeight: 12, formatter: (name) => cutChartLabel(name) },
    series: [
      {
        type: 'pie',
        radius: ['38%', '62%'],
        center: ['50%', '44%'],
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        // names are in the legend (cut at 8 characters); the slices carry their share in whole
        // percent (summing to 100), which fits beside the ring on a 1280-wide screen
        percentPrecision: 0,
        label: { formatter: '{d}%' },
        data: series.map((item) => ({ name: item.name, value: item.value })),
      },
    ],
  } as ChartOption;
}

function ChartCard({
  title,
  series,
  kind,
  unit,
}: {
  title: string;
  series: NamedValue[];
  kind: 'bar' | 'pie';
  unit: string;
}) {
  const option = useMemo(
    () => (kind === 'bar' ? barOption(series, unit) : pieOption(series, unit)),
    [kind, series, unit],
  );
  const hasData = series.some((item) => item.value > 0);
  return (
    <Card title={title} className="dashboard-chart-card">
      {hasData ? (
        <EChart option={option} label={title} />
      ) : (
        <Empty className="dashboard-empty" description={MSG.emptyList} />
      )}
    </Card>
  );
}

interface FigureProps {
  title: string;
  value: number | string;
  icon: ReactNode;
  tone: string;
  note?: string;
  /** decimals shown (money: 2) */
  precision?: number;
}

function Figure({ title, value, icon, tone, note, precision }: FigureProps) {
  return (
    <Card className="dashboard-figure">
      <div className={`dashboard-figure-icon dashboard-figure-icon-${tone}`}>{icon}</div>
      <div>
        <Statistic title={title} value={value} precision={precision} />
        {note && <div className="dashboard-figure-note">{note}</div>}
      </div>
    </Card>
  );
}

function Figures({ data, enterpriseSide }: { data: DashboardOverview; enterpriseSide: boolean }) {
  // an enterprise sees its own figures: its platforms, its members, its projects (never a count of
  // companies, which would be its own company once per platform)
  const figures: FigureProps[] = enterpriseSide
    ? [
        { title: '合作平台', value: data.tenantCount, icon: <ApartmentOutlined />, tone: 'blue' },
        { title: '企业成员', value: data.userCount, icon: <TeamOutlined />, tone: 'amber' },
        { title: '项目', value: data.projectCount, icon: <ProjectOutlined />, tone: 'violet' },
        { title: '进行中项目', value: data.projectsInProgress, icon: <BankOutlined />, tone: 'teal' },
      ]
    : [
        { title: '租户', value: data.tenantCount, icon: <ApartmentOutlined />, tone: 'blue' },
        { title: '企业', value: data.enterpriseCount, icon: <BankOutlined />, tone: 'teal' },
        { title: '用户', value: data.userCount, icon: <TeamOutlined />, tone: 'amber' },
        {
          title: '项目',
          value: data.projectCount,
          icon: <ProjectOutlined />,
          tone: 'violet',
          note: `进行中 ${data.projectsInProgress}`,
        },
      ];
  // the work and the money of the same scope
  const flow: FigureProps[] = [
    {
      title: '任务',
      value: data.taskCount,
      icon: <SolutionOutlined />,
      tone: 'blue',
      note: `待平台审核 ${data.tasksAwaitingReview}`,
    },
    {
      title: '结算单',
      value: data.settlementCount,
      icon: <FileDoneOutlined />,
      tone: 'amber',
      note: `待审核 ${data.settlementsAwaitingAudit}`,
    },
    {
      title: '已付款金额(元)',
      value: data.paidAmount,
      icon: <MoneyCollectOutlined />,
      tone: 'teal',
      precision: 2,
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map((figure) => (
        <Col key={figure.title} xs={24} sm={12} xl={6}>
          <Figure {...figure} />
        </Col>
      ))}
      {flow.map((figure) => (
        <Col key={figure.title} xs={24} sm={12} xl={8}>
          <Figure {...figure} />
        </Col>
      ))}
    </Row>
  );
}

export default function DashboardAnalysisPage() {
  const userInfo = useSession((state) => state.userInfo);
  const side = useSession((state) => state.side);
  // the platform operator sees every tenant and may narrow the figures to one of them
  const isOperator = side === 'platform' && userInfo?.tenant.id === 0;
  const [tenantFilter, setTenantFilter] = useState<{ id: number; name: string } | undefined>(undefined);
  const overview = useQuery({
    queryKey: ['dashboard', 'overview', userInfo?.tenant.id, tenantFilter?.id],
    queryFn: () => dashboardOverview(tenantFilter?.id),
  });
  const greeting = userInfo ? `${userInfo.realname || userInfo.username}，欢迎回来` : '欢迎回来';
  const scope =
    side === 'enterprise'
      ? (userInfo?.enterprise?.enterpriseName ?? '')
      : isOperator
        ? (tenantFilter?.name ?? '全平台数据')
        : (userInfo?.tenant.tenantName ?? '');

  return (
    <div className="dashboard">
      <div className="dashboard-heading">
        <div>
          <h2 className="dashboard-title">{greeting}</h2>
          <div className="dashboard-scope">数据范围：{scope}</div>
        </div>
        {isOperator && (
          <div className="dashboard-filter">
            <span className="dashboard-filter-label">平台</span>
            <RemoteSelect
              kind="tenant"
              aria-label="按平台筛选"
              placeholder="全部平台"
              className="dashboard-filter-select"
              value={tenantFilter?.id}
              onChange={(value, record) =>
                setTenantFilter(
                  value === undefined ? undefined : { id: Number(value), name: record?.name ?? String(value) },
                )
              }
            />
          </div>
        )}
      </div>
      {overview.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : overview.isError || !overview.data ? (
        <Alert type="warning" showIcon title="数据加载失败" description="请稍后刷新页面重试" />
      ) : (
        <>
          <Figures data={overview.data} enterpriseSide={side === 'enterprise'} />
          <Row gutter={[16, 16]} className="dashboard-charts">
            <Col xs={24} xl={14}>
              <ChartCard
                title={side === 'enterprise' ? '各平台成员数' : '各租户用户数'}
                series={overview.data.usersByTenant ?? []}
                kind="bar"
                unit="人"
              />
            </Col>
            <Col xs={24} xl={10}>
              {side === 'enterprise' ? (
                <ChartCard title="项目状态分布" series={overview.data.projectsByStatus ?? []} kind="pie" unit="个" />
              ) : (
                <ChartCard
                  title="各租户企业分布"
                  series={overview.data.enterprisesByTenant ?? []}
                  kind="pie"
                  unit="家"
                />
              )}
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
