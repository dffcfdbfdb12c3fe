/**
 * The task detail page (spec 1 §2 "Task detail"), both sides, opened from a row of the task list
 * (`?id=`): the shared body of `TaskDetailView` with 返回; the settlement report shows the same body
 * in its 任务详情 dialog (`TaskDetailDialog`).
 */
import { Button } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { BackButton } from '../../components/DetailStates';
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
  return (
    <TaskDetailBody
      taskId={Number(params.get('id'))}
      notFound={<TaskNotFound />}
      actions={<BackButton onBack={() => navigate(-1)} />}
    />
  );
}
