import { ContentListPage } from './ContentListPage';

/** 问卷列表 */
export default function ContentQuestionnaireListPage() {
  return <ContentListPage type={2} />;
}
