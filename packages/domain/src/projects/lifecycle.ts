/**
 * The project lifecycle as a state machine (decision 0012): each action names the statuses it may
 * start from and the one it leads to; any other move is refused with the message below.
 */
import { PROJECT_STATUS, type ProjectStatus } from './statuses';

export const PROJECT_ACTIONS = {
  /** the enterprise submits a new project */
  create: { from: [], to: 0, label: '创建' },
  /** a platform reviewer takes the project up */
  startAudit: { from: [0], to: 6, label: '开始审核' },
  approve: { from: [6], to: 4, label: '审核通过' },
  reject: { from: [6], to: 1, label: '审核驳回' },
  pause: { from: [4], to: 3, label: '暂停' },
  resume: { from: [3], to: 4, label: '恢复' },
  end: { from: [4, 3], to: 2, label: '结束' },
} as const satisfies Record<string, { from: readonly ProjectStatus[]; to: ProjectStatus; label: string }>;
export type ProjectAction = keyof typeof PROJECT_ACTIONS;

/** Block saves keep the status; they are allowed only in these (spec 1 §4 editing). */
export const PROJECT_EDITABLE_STATUSES: readonly ProjectStatus[] = [4, 3, 0];

/** The status an action leads to from `from`, or null when the move is not allowed. */
export function projectTransition(action: ProjectAction, from: number): ProjectStatus | null {
  const move = PROJECT_ACTIONS[action];
  return (move.from as readonly number[]).includes(from) ? move.to : null;
}

/** The refusal of an illegal move, naming the status the project is in. */
export function illegalProjectMoveMessage(action: ProjectAction, from: number): string {
  const label = PROJECT_STATUS[from as ProjectStatus]?.label ?? '未知';
  return `项目当前状态为${label}，不能${PROJECT_ACTIONS[action].label}`;
}

/** Whether a block of the project may be edited (spec 1 §4 and §6: platform side, the code, status 4, 3 or 0). */
export function canEditProject(
  viewer: { side: string; can: (code: 'projectManage:pro:modify') => boolean },
  status: number,
) {
  return (
    viewer.side === 'platform' &&
    viewer.can('projectManage:pro:modify') &&
    (PROJECT_EDITABLE_STATUSES as readonly number[]).includes(status)
  );
}
