/**
 * The survey submission detail (spec 1 §2, 640 wide, titled 提交详情): the questionnaire's questions
 * numbered, each with its answer as its subject type shows it (spec 1 §9), the respondent's phone
 * when the session's phone verification is 1, and 关闭 / 打印.
 */
import { CheckSquareFilled, CheckCircleFilled } from '@ant-design/icons';
import { DIALOG_WIDTH, formatChinaDateTime, SURVEY_SUBJECT_TYPES, type SurveyQuestion } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Image, Modal, Rate, Spin } from 'antd';
import type { ReactNode } from 'react';
import { printOnly } from './print';
import { fetchSurveyDetail } from './task-calls';

const SINGLE = new Set([10, 14, 101]);
const MULTIPLE = new Set([11, 102]);
const TEXT = new Set([15, 100]);
const PICTURES = new Set([4, 17]);
const NO_ANSWER = <span className="survey-no-answer">未作答</span>;

function ChoiceAnswer({ question, multiple }: { question: SurveyQuestion; multiple: boolean }) {
  const Mark = multiple ? CheckSquareFilled : CheckCircleFilled;
  return (
    <ul className="survey-options">
      {question.optionList.map((option) => (
        <li key={option.id} className={option.isSelected ? 'survey-option survey-option-chosen' : 'survey-option'}>
          <Mark className="survey-option-mark" aria-label={option.isSelected ? '已选' : undefined} />
          <span>
            {option.optionNo}. {option.optionContent}
          </span>
          {option.isSelected && option.content ? (
            <span className="survey-short-answer">（{option.content}）</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The answer of one question, by subject type. */
export function SurveyAnswer({ question }: { question: SurveyQuestion }): ReactNode {
  const type = question.subjectType;
  if (type === 103)
    return question.subjectContent ? <div className="survey-text">{question.subjectContent}</div> : null;
  if (SINGLE.has(type) || MULTIPLE.has(type)) {
    if (!question.optionList.some((option) => option.isSelected)) return NO_ANSWER;
    return <ChoiceAnswer question={question} multiple={MULTIPLE.has(type)} />;
  }
  if (type === 13) {
    const stars = Number(question.content);
    if (!question.content || !Number.isFinite(stars)) return NO_ANSWER;
    return (
      <span className="survey-rating">
        <Rate disabled value={stars} /> <span>{stars}星</span>
      </span>
    );
  }
  if (type === 9) {
    const values = question.content.split('\n');
    if (!question.content) return NO_ANSWER;
    return (
      <ul className="survey-options">
        {question.optionList.length
          ? question.optionList.map((option, index) => (
              <li key={option.id}>
                {option.optionContent}：{values[index] || '-'}
              </li>
            ))
          : // biome-ignore lint/suspicious/noArrayIndexKey: the blanks have no identity but their order
            values.map((value, index) => <li key={index}>{value}</li>)}
      </ul>
    );
  }
  if (PICTURES.has(type) || type === 16) {
    if (question.picList.length === 0) return NO_ANSWER;
    return PICTURES.has(type) ? (
      <Image.PreviewGroup>
        <div className="survey-pictures">
          {question.picList.map((picture) => (
            <Image key={picture.address} src={picture.address} alt={picture.fileName} width={96} height={96} />
          ))}
        </div>
      </Image.PreviewGroup>
    ) : (
      <ul className="survey-options">
        {question.picList.map((file) => (
          <li key={file.address}>
            <a href={file.address} target="_blank" rel="noreferrer">
              {file.fileName}
            </a>
          </li>
        ))}
      </ul>
    );
  }
  if (TEXT.has(type) || question.content) {
    return question.content ? <div className="survey-text">{question.content}</div> : NO_ANSWER;
  }
  return NO_ANSWER;
}

export function SurveyDetailDialog({ taskId, open, onClose }: { taskId: number; open: boolean; onClose(): void }) {
  const query = useQuery({
    queryKey: ['task', 'survey', taskId],
    queryFn: () => fetchSurveyDetail(taskId),
    enabled: open,
  });
  const detail = query.data;
  let number = 0;
  return (
    <Modal
      title="提交详情"
      open={open}
      width={DIALOG_WIDTH.survey}
      onCancel={onClose}
      rootClassName="survey-detail-modal"
      footer={
        <>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" disabled={!detail} onClick={() => printOnly('survey-detail-modal')}>
            打印
          </Button>
        </>
      }
    >
      {!detail ? (
        <Spin spinning={query.isFetching}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      ) : (
        <div className="survey-detail">
          <div className="survey-head">
            <div className="survey-title">{detail.record.title}</div>
            <div className="survey-meta">
              <span>答题人：{detail.record.userName || '-'}</span>
              {detail.record.phoneVerify === 1 ? <span>手机号：{detail.record.userPhone || '-'}</span> : null}
              <span>提交时间：{detail.record.actTime ? formatChinaDateTime(detail.record.actTime) : '-'}</span>
            </div>
          </div>
          {detail.questions.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
          ) : (
            <ol className="survey-questions">
              {detail.questions.map((question) => {
                const numbered = question.subjectType !== 103;
                if (numbered) number += 1;
                return (
                  <li key={question.id} className="survey-question">
                    <div className="survey-question-name">
                      {numbered ? `${number}. ` : ''}
                      {question.subjectName}
                      {numbered ? (
                        <span className="survey-question-type">
                          （{SURVEY_SUBJECT_TYPES[question.subjectType as keyof typeof SURVEY_SUBJECT_TYPES] ?? '其他'}
                          ）
                        </span>
                      ) : null}
                    </div>
                    <div className="survey-question-answer">
                      <SurveyAnswer question={question} />
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      )}
    </Modal>
  );
}
