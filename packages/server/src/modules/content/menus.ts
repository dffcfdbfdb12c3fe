import type { MenuEntry, ModuleMenus } from '../../platform/modules';

/** 内容管理 after the business areas of projects and money (30): the enterprise writes its articles and questionnaires, the platform reads its tenant's */
const contentManage: MenuEntry = {
  name: '内容管理',
  url: '/contentManage',
  icon: 'ReadOutlined',
  position: 30,
  children: [
    {
      name: '文章问卷',
      url: '/contentManage/resource',
      icon: 'FileTextOutlined',
      children: [
        {
          name: '文章列表',
          url: '/contentManage/resource/article',
          component: 'ContentArticleList',
          remarks: 'contentArticleList',
          permission: 'content:list:view',
        },
        {
          name: '问卷列表',
          url: '/contentManage/resource/questionnaire',
          component: 'ContentQuestionnaireList',
          remarks: 'contentQuestionnaireList',
          permission: 'content:list:view',
        },
      ],
    },
  ],
};

export const contentMenus: ModuleMenus = { platform: [contentManage], enterprise: [contentManage] };
