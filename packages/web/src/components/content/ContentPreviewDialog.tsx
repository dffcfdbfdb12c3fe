/**
 * The phone preview of an article or questionnaire (spec 3 §2): the item as a phone shows it,
 * with a QR code whose link points to the share host of this environment (config
 * content.share.address). Questions show per subject type (spec 1 §9).
 */
import { FileOutlined, PictureOutlined, StarFilled } from '@ant-design/icons';
import { type ContentQuestion, MSG, SUBJECT_TYPES, type SubjectType } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Empty, Input, Modal, Radio, Select, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { configValueKey } from '../../app/shell-calls';
import { contentDetailKey, fetchContentDetail, shareAddress, shareLink } from './content-calls';
import './content.css';

function QuestionView({ question, index }: { question: ContentQuestion; index: number }) {
  const type = question.subjectType as SubjectType;
  const kind = SUBJECT_TYPES[type];
  if (type === 103) {
    return (
      <div className="phone-note">
        <strong>{question.subjectName}</strong>
        {question.subjectContent && <p>{question.subjectContent}</p>}
      </div>
    );
  }
  // a stored question's options never reorder while previewed: their number is their identity
  const options = question.optionList.map((option, i) => ({ ...option, key: `${question.id}-${i + 1}` }));
  let body: React.ReactNode;
  if (type === 10 || type === 101) {
    body = (
      <Radio.Group className="phone-options">
        {options.map((option) => (
          <Radio key={option.key} value={option.key}>
            {option.optionContent}
            {option.type === 2 && <Input size="small" placeholder="请填写" className="phone-short" />}
          </Radio>
        ))}
      </Radio.Group>
    );
  } else if (type === 11 || type === 102) {
    body = (
      <div className="phone-options">
        {options.map((option) => (
          <Checkbox key={option.key}>
            {option.optionContent}
            {option.type === 2 && <Input size="small" placeholder="请填写" className="phone-short" />}
          </Checkbox>
        ))}
      </div>
    );
  } else if (type === 9) {
    body = options.map((option) => (
      <div key={option.key} className="phone-field">
        <span>{option.optionContent}</span>
        <Input size="small" placeholder="请填写" />
      </div>
    ));
  } else if (type === 13) {
    body = (
      <div className="phone-stars" role="img" aria-label="五星评分">
        {[1, 2, 3, 4, 5].map((n) => (
          <StarFilled key={n} />
        ))}
      </div>
    );
  } else if (type === 14) {
    body = (
      <Select
        size="small"
        placeholder="请选择"
        style={{ width: '100%' }}
        options={options.map((option) => ({ value: option.key, label: option.optionContent }))}
      />
    );
  } else if (type === 15) {
    body = <Input size="small" placeholder="请填写" />;
  } else if (type === 100) {
    body = <Input.TextArea rows={3} placeholder="请填写" />;
  } else if (type === 16) {
    body = (
      <div className="phone-upload">
        <FileOutlined /> 上传附件
      </div>
    );
  } else {
    body = (
      <div className="phone-upload">
        <PictureOutlined /> 上传图片
      </div>
    );
  }
  return (
    <div className="phone-question" data-subject-type={type}>
      <div className="phone-question-title">
        {question.required === 1 && <span className="phone-required">*</span>}
        {index}. {question.subjectName}
        <span className="phone-kind">【{kind?.label ?? type}】</span>
      </div>
      {question.subjectContent && <div className="phone-question-desc">{question.subjectContent}</div>}
      {body}
    </div>
  );
}

export function ContentPreviewDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const detail = useQuery({
    queryKey: contentDetailKey(id ?? 0),
    queryFn: () => fetchContentDetail(id as number),
    enabled: id !== null,
  });
  const host = useQuery({ queryKey: [...configValueKey('content.share.address'), 'host'], queryFn: shareAddress });
  const item = detail.data;
  let number = 0;
  return (
    <Modal open={id !== null} title="预览" width={640} footer={null} onCancel={onClose} destroyOnHidden>
      {!item ? (
        <Spin spinning={detail.isLoading}>
          <div style={{ minHeight: 200 }} />
        </Spin>
      ) : (
        <div className="content-preview">
          <div className="phone-frame" data-testid="phone-preview">
            <div className="phone-notch" />
            <div className="phone-screen">
              <h3 className="phone-title">{item.title}</h3>
              {item.author && <div className="phone-meta">{item.author}</div>}
              {/* sanitised on the server with an allowlist before it was stored */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised article HTML */}
              <div className="phone-body" dangerouslySetInnerHTML={{ __html: item.content }} />
              {item.type === 2 &&
                (item.questionList.length === 0 ? (
                  <Empty description={MSG.emptyList} />
                ) : (
                  item.questionList.map((question) => (
                    <QuestionView
                      key={question.id}
                      question={question}
                      index={question.subjectType === 103 ? number : ++number}
                    />
                  ))
                ))}
            </div>
          </div>
          <div className="preview-qr">
            {host.data && (
              <>
                <QRCodeSVG value={shareLink(host.data, item.type, item.id)} size={160} />
                <Typography.Text type="secondary">手机扫码预览</Typography.Text>
                <Typography.Text className="preview-link" copyable>
                  {shareLink(host.data, item.type, item.id)}
                </Typography.Text>
              </>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
