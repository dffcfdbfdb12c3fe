/**
 * The task detail page (spec 1 §2 "Task detail"), both sides, opened from a row of the task list
 * (`?id=`): the shared body of `TaskDetailView` with 返回 (服务人员 opens the person's detail for those
 * who may see persons); the settlement report shows the same body in its 任务详情 dialog (`TaskDetailDialog`).
 */
import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useAccess } from '../../app/use-access';
import { BackButton } from '../../components/DetailStates';
import { personDetailPath } from '../persons/person-paths';
import { TaskDetailBody, TaskMissing } from './TaskDetailView';
import { TASK_LIST_PATH } from './task-paths';

export function TaskNotFound() {
  const navigate = useNavigate();
  return (
    <TaskMissing
      extra={
        <Button type="primary" onClick={() => navigate(TASK_LIST_PATH)}>
          返回任务列表
        </Button>
      }
    />
  );
}

export default function TaskDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { can } = useAccess();
  return (
    <TaskDetailBody
      taskId={Number(params.get('id'))}
      notFound={<TaskNotFound />}
      actions={<BackButton onBack={() => navigate(-1)} />}
      // 服务人员 opens the person's detail for the staff who manage persons
      onPerson={can('personalAccountManage:list:view') ? (userId) => navigate(personDetailPath(userId)) : undefined}
    />
  );
}
