/** Menu icon names the server may send, mapped to a small set of antd icons (not the whole set). */
import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  BankOutlined,
  BarChartOutlined,
  CloudDownloadOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  HomeOutlined,
  IdcardOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType> = {
  home: HomeOutlined,
  dashboard: DashboardOutlined,
  chart: BarChartOutlined,
  project: ProjectOutlined,
  task: SolutionOutlined,
  settlement: AccountBookOutlined,
  money: MoneyCollectOutlined,
  invoice: FileDoneOutlined,
  file: FileTextOutlined,
  fileprotect: FileProtectOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  enterprise: BankOutlined,
  team: TeamOutlined,
  user: UserOutlined,
  idcard: IdcardOutlined,
  setting: SettingOutlined,
  control: ControlOutlined,
  system: SettingOutlined,
  data: DatabaseOutlined,
  database: DatabaseOutlined,
  download: CloudDownloadOutlined,
  clouddownload: CloudDownloadOutlined,
  filesearch: FileSearchOutlined,
  appstore: AppstoreOutlined,
  safety: SafetyOutlined,
  safetycertificate: SafetyCertificateOutlined,
  notice: NotificationOutlined,
  bell: BellOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const key = name.toLowerCase().replace(/outlined|filled|-/g, '');
  const Icon = ICONS[key] ?? AppstoreOutlined;
  return <Icon />;
}
