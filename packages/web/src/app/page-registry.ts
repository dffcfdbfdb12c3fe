/**
 * Menu component name -> page, each its own lazily loaded chunk. A menu entry whose component
 * is not here shows the not-found page.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export const PAGE_REGISTRY: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  DashboardAnalysis: lazy(() => import('../features/dashboard/DashboardAnalysisPage')),
  ChangePassword: lazy(() => import('../features/account/ChangePasswordPage')),
  AppVersions: lazy(() => import('../features/app-versions/AppVersionsPage')),
  NoticeList: lazy(() => import('../features/notices/NoticeListPage')),
  SensitiveWords: lazy(() => import('../features/system/SensitiveWordsPage')),
  TenantList: lazy(() => import('../features/tenants/TenantListPage')),
  StaffList: lazy(() => import('../features/staff/StaffListPage')),
  MemberList: lazy(() => import('../features/members/MemberListPage')),
  RoleList: lazy(() => import('../features/staff/RoleListPage')),
  AuditLog: lazy(() => import('../features/audit/AuditLogPage')),
  LoginLog: lazy(() => import('../features/audit/LoginLogPage')),
  DictList: lazy(() => import('../features/system/DictListPage')),
  ConfigList: lazy(() => import('../features/system/ConfigListPage')),
  ProjectList: lazy(() => import('../features/projects/ProjectListPage')),
  ProjectDetail: lazy(() => import('../features/projects/ProjectDetailPage')),
  ProjectSummary: lazy(() => import('../features/projects/ProjectSummaryPage')),
  ProjectCreate: lazy(() => import('../features/projects/ProjectCreatePage')),
  CrowdProjectList: lazy(() => import('../features/projects/CrowdProjectListPage')),
  CustomerVerifyList: lazy(() => import('../features/customers/CustomerVerifyListPage')),
  EnterpriseInfo: lazy(() => import('../features/enterprises/EnterpriseInfoPage')),
  SettlementList: lazy(() => import('../features/settlements/SettlementListPage')),
  TaskList: lazy(() => import('../features/tasks/TaskListPage')),
  TaskDetail: lazy(() => import('../features/tasks/TaskDetailPage')),
  TaskPublish: lazy(() => import('../features/tasks/TaskPublishPage')),
  ContentArticleList: lazy(() => import('../features/content/ContentArticleListPage')),
  ContentQuestionnaireList: lazy(() => import('../features/content/ContentQuestionnaireListPage')),
  FinancialAccountManage: lazy(() => import('../features/finance/FinancialAccountManagePage')),
  SettlementCreate: lazy(() => import('../features/settlements/SettlementCreatePage')),
  InvoiceList: lazy(() => import('../features/invoices/InvoiceListPage')),
  TaxVoucherList: lazy(() => import('../features/tax-vouchers/TaxVoucherListPage')),
  PersonAccountList: lazy(() => import('../features/persons/PersonAccountListPage')),
  PersonDetail: lazy(() => import('../features/persons/PersonDetailPage')),
  PersonalAgreementList: lazy(() => import('../features/agreements/PersonalAgreementListPage')),
  EnterpriseAgreementList: lazy(() => import('../features/agreements/EnterpriseAgreementListPage')),
  EnterpriseAgreementAdd: lazy(() => import('../features/agreements/EnterpriseAgreementAddPage')),
  EnterpriseSigningRecords: lazy(() => import('../features/agreements/SigningRecords')),
  EnterpriseAccountList: lazy(() => import('../features/enterprises/EnterpriseAccountListPage')),
  EnterpriseOwnAccount: lazy(() => import('../features/enterprises/EnterpriseOwnAccountPage')),
  EnterpriseOwnAuthModify: lazy(() => import('../features/enterprises/EnterpriseOwnAuthModifyPage')),
  AgreementTemplateList: lazy(() => import('../features/agreements/AgreementTemplateListPage')),
  DownloadLog: lazy(() => import('../features/downloads/DownloadLogPage')),
  OrderGenerateCache: lazy(() => import('../features/downloads/OrderGenerateCachePage')),
};

export const isRegisteredPage = (component: string): boolean => Object.hasOwn(PAGE_REGISTRY, component);
