import { ContentListPage } from './ContentListPage';

/** 文章列表 */
export default function ContentArticleListPage() {
  return <ContentListPage type={1} />;
}
