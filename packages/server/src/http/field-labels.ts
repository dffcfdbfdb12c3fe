/**
 * Chinese names of request fields, so a 400 names the field the way the console labels it.
 * Unknown fields fall back to their wire name.
 */
const FIELD_LABELS: Record<string, string> = {
  username: '用户名',
  password: '密码',
  keyId: '密钥编号',
  enterpriseName: '企业名称',
  bankNo: '银行编码',
  amount: '金额',
  settlementId: '结算单ID',
  purpose: '用途',
  phoneCode: '短信验证码',
  captcha: '验证码',
  checkKey: '验证码标识',
  key: '随机串',
  sign: '签名',
  timestamp: '时间戳',
  tenantId: '平台ID',
  ids: '编号列表',
  name: '名称',
  pageNo: '页码',
  pageSize: '每页条数',
  dictCode: '字典编码',
  configKey: '配置键',
  // the configuration value and an article's body share the name
  content: '内容',
  title: '标题',
  author: '作者',
  cover: '封面',
  questionList: '题目',
  subjectType: '题型',
  subjectName: '题目名称',
  subjectContent: '题目说明',
  optionList: '选项',
  optionContent: '选项内容',
  oldPassword: '原密码',
  newPassword: '新密码',
  confirmPassword: '确认密码',
  status: '状态',
  phone: '手机号',
  // remote-select lookup filters (spec 1 §7, spec 3 §7)
  kind: '查询类型',
  orgName: '终端名称',
  auditStatus: '审核状态',
  orgType: '终端类型',
  cusName: '客户名称',
  cusType: '客户类型',
  source: '来源',
  companyId: '企业ID',
  productName: '产品名称',
  taxName: '税源地名称',
  realName: '姓名',
  projectId: '项目ID',
  projectName: '项目名称',
  processed: '项目环境',
  clientId: '委托企业ID',
  loginFlagType: '登录状态',
  tag: '标签',
  type: '类型',
  enterpriseId: '企业ID',
  userName: '微信用户名',
  firstUserName: '一级发送人',
  sendUserName: '发送人',
  platformName: '银行平台名称',
  accountName: '账户名称',
  platformId: '银行平台ID',
  bankBranchName: '支行名称',
  accountNo: '账号',
  scene: '上传场景',
  uploadPath: '上传目录',
  id: '业务编号',
  maxBytes: '大小上限',
  maxCount: '数量上限',
  address: '文件地址',
  disposition: '打开方式',
  versionName: '版本号',
  androidAddress: '安卓安装包',
  iosUrl: 'iOS下载地址',
  releaseNotes: '更新说明',
  serviceName: '列表名称',
  contentJson: '字段设置',
  senWords: '检测内容',
  word: '敏感词',
  words: '敏感词',
  readFlag: '阅读状态',
  projectStatus: '项目状态',
  downloadType: '导出类型',
  startTime: '开始时间',
  endTime: '结束时间',
  orderField: '排序字段',
  orderSort: '排序方式',
  expires: '有效期',
  location: '位置',
  msgCaptcha: '短信验证码',
  fileKey: '文件标识',
  // projects (spec 1 §3)
  requestId: '请求编号',
  taxId: '税源地',
  projectProjectProjectModel: '基础信息',
  productArr: '产品',
  visitTypeList: '服务类型',
  boyaProjectVisitTypeModel: '服务类型',
  resourcedArr: '文章或问卷',
  projectText: '补充信息',
  description: '描述',
  steps: '执行步骤',
  fileList: '附件',
  remarks: '审核意见',
  // audit log filters
  actorName: '操作人',
  action: '操作',
  targetType: '记录类型',
  targetId: '记录编号',
  // staff, roles and tenants
  menuIds: '菜单',
  permCodes: '权限',
  realname: '真实姓名',
  roleIds: '角色',
  keyword: '关键词',
  company: '公司名称',
  contracts: '联系人',
};

const PART_LABELS: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/** Whether the field has a Chinese name (the bad-input test holds every documented field to it). */
export const hasFieldLabel = (field: string): boolean => Object.hasOwn(FIELD_LABELS, field);

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

export function describeIssue(instancePath: string, message: string, part?: string): string {
  // an item of a list (/words/0) is named by its list
  const field = instancePath
    .split('/')
    .filter((segment) => segment && !/^\d+$/.test(segment))
    .pop();
  const where = field ? fieldLabel(field) : (PART_LABELS[part ?? ''] ?? '请求参数');
  return `${where}：${message}`;
}
