/**
 * 众包项目列表 (spec 1 §2 "Project list for crowdsourcing tasks"): comeForm 1 is the search page of
 * the platform's projects; opened with ?enterpriseId=&tenantId= (comeForm 2) it is the list embedded
 * for one enterprise, its client and platform fixed, with a back button. Each row has 详情 and
 * 项目汇总; the enterprise name opens the enterprise info view (decision 0027). The list is the
 * project list's own view (ProjectListView), not a copy.
 */
import { useSearchParams } from 'react-router';
import { ProjectListView } from './ProjectListPage';

export const CROWD_PROJECT_LIST_PATH = '/projectManage/project/crowdList';

const idParam = (value: string | null) => {
  const id = Number(value);
  return value !== null && value !== '' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
};

export default function CrowdProjectListPage() {
  const [params] = useSearchParams();
  const enterpriseId = idParam(params.get('enterpriseId'));
  const tenantId = enterpriseId === undefined ? undefined : idParam(params.get('tenantId'));
  const comeForm = enterpriseId !== undefined && enterpriseId > 0 ? 2 : 1;
  return (
    <ProjectListView
      title="众包项目列表"
      comeForm={comeForm}
      enterpriseId={comeForm === 2 ? enterpriseId : undefined}
      tenantId={tenantId}
      withCreate={false}
    />
  );
}
