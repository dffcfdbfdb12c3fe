import type { ModuleMenus } from '../../platform/modules';

const personalAgreementPage = {
  name: '个人协议',
  component: 'PersonalAgreementList',
  remarks: 'personalAgreementList',
  permission: 'personalAgreement:list:view',
} as const;

/**
 * 个人协议 (decision 0034): on the platform side beside 自然人账户 under 人员中心; on the enterprise
 * side a 协议管理 group of 企业中心 (the enterprise's own project agreements). 企业协议 (decision
 * 0040): the platform's list and add page under 企业管理; the enterprise's own agreements with its
 * platform (where it signs) under 协议管理.
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
    {
      name: '企业管理',
      url: '/enterpriseManage',
      icon: 'BankOutlined',
      position: 17,
      children: [
        {
          name: '协议中心',
          url: '/enterpriseManage/agreement',
          icon: 'FileProtectOutlined',
          children: [
            {
              name: '企业协议',
              url: '/enterpriseManage/agreement/list',
              component: 'EnterpriseAgreementList',
              remarks: 'enterpriseAgreementList',
              permission: 'enterpriseAgreement:list:view',
            },
            {
              name: '新增协议',
              url: '/enterpriseManage/agreement/add',
              component: 'EnterpriseAgreementAdd',
              remarks: 'enterpriseAgreementAdd',
              permission: 'enterpriseAgreement:list:add',
              hidden: true,
            },
          ],
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
          children: [
            { ...personalAgreementPage, url: '/company/agreement/personal' },
            {
              name: '协议模板',
              url: '/company/agreement/template',
              component: 'AgreementTemplateList',
              remarks: 'agreementTemplateList',
              permission: 'agreementTemplate:list:view',
            },
            {
              name: '平台协议',
              url: '/company/agreement/platform',
              component: 'EnterpriseSigningRecords',
              remarks: 'enterpriseSigningRecords',
              permission: 'enterpriseAgreement:list:view',
            },
          ],
        },
      ],
    },
  ],
};
