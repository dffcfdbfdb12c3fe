/**
 * The 任务详情 dialog (spec 2 §2.5, 1200 wide): the task detail's body (`TaskDetailBody`, the same as
 * the routed page's) over the screen that opened it (the settlement report's 任务编号). The body
 * scrolls inside the dialog; the map fits itself once the dialog has its size (TaskMap watches its
 * box); the list (730), submission detail (640) and customer verification (780) dialogs open above
 * it; 打印 prints the dialog alone.
 */
import { DIALOG_WIDTH } from '@fieldpay/domain';
import { Button, Modal } from 'antd';
import { printOnly } from './print';
import { TaskDetailBody } from './TaskDetailView';
import './tasks.css';

export const TASK_DETAIL_MODAL_CLASS = 'task-detail-modal';

const printDialog = () => printOnly(TASK_DETAIL_MODAL_CLASS);

export function TaskDetailDialog({ taskId, open, onClose }: { taskId: number; open: boolean; onClose(): void }) {
  return (
    <Modal
      title="任务详情"
      open={open}
      width={DIALOG_WIDTH.taskDetail}
      onCancel={onClose}
      rootClassName={TASK_DETAIL_MODAL_CLASS}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      <TaskDetailBody taskId={taskId} onPrint={printDialog} />
    </Modal>
  );
}
