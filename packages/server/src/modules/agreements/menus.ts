import type { ModuleMenus } from '../../platform/modules';

const personalAgreementPage = {
  name: '个人协议',
  component: 'PersonalAgreementList',
  remarks: 'personalAgreementList',
  permission: 'personalAgreement:list:view',
} as const;

/**
 * 个人协议 (decision 0034): on the platform side beside 自然人账户 under 人员中心; on the enterprise
 * side a 协议管理 group of 企业中心 (the enterprise's own project agreements).
 */
export const agreementMenus: ModuleMenus = {
  platform: [
    {
      name: '人员管理',
      url: '/personManage',
      children: [
        {
          name: '人员中心',
          url: '/personManage/person',
          children: [{ ...personalAgreementPage, url: '/personManage/person/agreement' }],
        },
      ],
    },
  ],
  enterprise: [
    {
      name: '企业中心',
      url: '/company',
      children: [
        {
          name: '协议管理',
          url: '/company/agreement',
          icon: 'FileProtectOutlined',
          children: [{ ...personalAgreementPage, url: '/company/agreement/personal' }],
        },
      ],
    },
  ],
};
