import { describe, expect, it } from 'vitest';
import { MSG } from './messages';

/** Every message as text; functions are called with sample arguments. */
function renderAll(): [string, string][] {
  return Object.entries(MSG).map(([key, message]) => {
    if (typeof message === 'string') return [key, message];
    const render = message as (...args: (string | number)[]) => string;
    return [key, render(...Array.from({ length: render.length }, () => 7))];
  });
}

describe('message catalogue', () => {
  it('has no empty message', () => {
    for (const [key, text] of renderAll()) {
      expect(text.trim(), key).not.toBe('');
      expect(text, key).not.toContain('undefined');
    }
  });

  it('holds the exact Chinese strings the spec gives', () => {
    const texts = new Set(renderAll().map(([, text]) => text));
    const exact = [
      '请输入0~2000以内的正整数',
      '请输入正确的招收人数',
      '请输入2000以下的报酬预算',
      '请输入招收人数',
      '至少选择一个字段',
      '最多选择50个区域',
      '请求超时，请稍后重试！',
      '下载任务已提交，您可点击右上角下载按钮下载所需文件',
      '请上传jpeg、jpg、png格式的图片',
      '仅支持word、PDF格式上传',
      '请输入交易密码',
      '请输入正确的交易密码',
      '请输入正确的验证码',
      '请选择付款银行',
      '当前余额不足，请充值',
      '结算费用明细正在计算中，请稍后...',
      '结算费用中有自然人不可结算，请重新生成结算单',
      '当前结算单撤回可能会影响后续结算单的结算操作，是否确认撤回',
      '正在生成确认单，请稍后进行下载；',
      '请上传完税凭证（图）',
      '请上传完税明细报告（盖章图）',
      '请上传缴税清单（电子版）',
      '两次输入密码不统一',
      '两次输入密码不一致',
      '请输入截止金额',
      '截止金额不可大于10亿',
      '截止金额不可小于起始金额',
      '删除此项则下面关联的已填写的数据将会清空，是否确认删除',
      '请先脱敏之后再进行编辑',
      '确认已收到纸质（电子）发票',
      '未配置相关银行',
      '已向该手机号发送验证码',
      '暂无数据',
      '无效文件',
      '项目不存在',
    ];
    for (const text of exact) expect(texts.has(text), text).toBe(true);
  });

  it('renders messages with numbers the way the spec writes them', () => {
    expect(MSG.pageSizeInput(20)).toBe('每页条数请输入1-200的整数，默认值20条/页');
    expect(MSG.invoiceNumberLimit(5)).toBe('发票号码添加上限为5个');
    expect(MSG.expressNumberLimit(10)).toBe('快递号码添加上限为10个');
    expect(MSG.uploadCountLimit(10)).toBe('最多只能上传10个');
    expect(MSG.imageTooLarge('3M')).toBe('请上传小于3M的图片');
    expect(MSG.documentTooLarge('50M')).toBe('请上传小于50M的文件');
    expect(MSG.imageWrongDimensions(200, 100)).toBe('请上传尺寸宽200px，高100px的图片');
    expect(MSG.resourceSelectionLimit(5)).toBe('最多选择5个文章/问卷');
    expect(MSG.uploadTooLarge(10)).toBe('文件大小超过10M，请重新上传');
  });

  it('renders the English-given messages in natural Chinese', () => {
    expect(MSG.uploadWrongType).toBe('请上传正确的文件类型');
    expect(MSG.uploadEmptyFile).toBe('您上传的文件没有内容，请重新上传');
    expect(MSG.uploadNameTooLong(64)).toBe('文件名不能超过64个字符，请重命名后重新上传');
    expect(MSG.uploadRequired).toBe('请上传附件');
    expect(MSG.noAttachmentData).toBe('暂无附件数据');
    expect(MSG.noInvoiceInfo).toBe('暂无相关发票信息');
    expect(MSG.notDeveloped).toBe('功能暂未开放');
    expect(MSG.deleteSuccess).toBe('删除成功');
    expect(MSG.noResult).toBe('暂无结果');
    expect(MSG.noPagePermission).toBe('暂无页面权限，请联系管理员');
  });
});
