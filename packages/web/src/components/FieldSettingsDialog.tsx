/**
 * Field settings (spec 1 §2, spec 2 §2.8): 750 wide; on the left a select-all box and every field,
 * on the right the chosen fields in table order, reordered by dragging (or by keyboard: focus a
 * handle, space, arrows, space). Fixed (disabled) fields cannot be removed. Saving with nothing
 * chosen warns 至少选择一个字段; a save shows 保存成功 for 1 s.
 */
import { CloseOutlined, HolderOutlined, LockOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { COLUMN_SAVED_TOAST_MS, type ColumnLayoutItem, DIALOG_WIDTH, MSG } from '@fieldpay/domain';
import { Button, Checkbox, Empty, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { notifier } from '../app/notify';
import './list/list.css';

export interface FieldSettingsDialogProps {
  open: boolean;
  /** every field of the list, in the current order */
  columns: readonly ColumnLayoutItem[];
  onCancel(): void;
  /** Stores the new layout; a rejection keeps the dialog open (the request layer showed why). */
  onSave(columns: ColumnLayoutItem[]): Promise<void>;
}

const isChosen = (item: ColumnLayoutItem) => Boolean(item.disabled) || item.isSelect !== false;

/** The chosen fields first, in the order of the right-hand list, then the others as they were. */
export function orderedLayout(fields: readonly ColumnLayoutItem[]): ColumnLayoutItem[] {
  return [...fields.filter(isChosen), ...fields.filter((field) => !isChosen(field))];
}

/** Moves the chosen field `activeProp` to where `overProp` is, among the chosen fields. */
export function moveChosenField(
  fields: readonly ColumnLayoutItem[],
  activeProp: string,
  overProp: string,
): ColumnLayoutItem[] {
  const chosen = fields.filter(isChosen);
  const from = chosen.findIndex((field) => field.prop === activeProp);
  const to = chosen.findIndex((field) => field.prop === overProp);
  if (from < 0 || to < 0 || from === to) return [...fields];
  return [...arrayMove(chosen, from, to), ...fields.filter((field) => !isChosen(field))];
}

function ChosenField({ field, onRemove }: { field: ColumnLayoutItem; onRemove(): void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.prop,
  });
  return (
    <li
      ref={setNodeRef}
      className={`field-settings-chosen${isDragging ? ' field-settings-chosen-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-prop={field.prop}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="field-settings-handle"
        aria-label={`拖动调整${field.label}的顺序`}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined />
      </button>
      <span className="field-settings-chosen-label">{field.label}</span>
      {field.disabled ? (
        <LockOutlined className="field-settings-fixed" aria-label="固定字段" />
      ) : (
        <button type="button" className="field-settings-remove" aria-label={`移除${field.label}`} onClick={onRemove}>
          <CloseOutlined />
        </button>
      )}
    </li>
  );
}

export function FieldSettingsDialog({ open, columns, onCancel, onSave }: FieldSettingsDialogProps) {
  const [fields, setFields] = useState<ColumnLayoutItem[]>(() => orderedLayout(columns));
  const [saving, setSaving] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // every opening starts from the layout as it is now
  useEffect(() => {
    if (open) setFields(orderedLayout(columns));
  }, [open, columns]);

  const chosen = fields.filter(isChosen);
  const removable = fields.filter((field) => !field.disabled);
  const allChosen = removable.every((field) => field.isSelect !== false);
  const someChosen = removable.some((field) => field.isSelect !== false);

  const choose = (prop: string, value: boolean) =>
    setFields((current) =>
      orderedLayout(
        // a newly chosen field joins the end of the right-hand list
        value
          ? [
              ...current.filter((field) => field.prop !== prop),
              { ...(current.find((field) => field.prop === prop) as ColumnLayoutItem), isSelect: true },
            ]
          : current.map((field) => (field.prop === prop && !field.disabled ? { ...field, isSelect: false } : field)),
      ),
    );

  const chooseAll = (value: boolean) =>
    setFields((current) =>
      orderedLayout(current.map((field) => (field.disabled ? field : { ...field, isSelect: value }))),
    );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) setFields((current) => moveChosenField(current, String(active.id), String(over.id)));
  };

  const save = async () => {
    if (chosen.length === 0) {
      notifier().warning(MSG.atLeastOneField);
      return;
    }
    setSaving(true);
    try {
      await onSave(orderedLayout(fields));
      notifier().success(MSG.saveSuccess, COLUMN_SAVED_TOAST_MS / 1000);
      onCancel();
    } catch {
      // the request layer has shown the server's message; the dialog stays open to try again
    } finally {
      setSaving(false);
    }
  };

  // the left list keeps the table order so a field is easy to find again
  const leftFields = [...columns].map((column) => fields.find((field) => field.prop === column.prop) ?? column);

  return (
    <Modal
      open={open}
      title="字段设置"
      width={DIALOG_WIDTH.fieldSettings}
      onCancel={onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()}>
          保存
        </Button>,
      ]}
    >
      <div className="field-settings">
        <section className="field-settings-pane" aria-label="可选字段">
          <div className="field-settings-pane-head">
            <Checkbox
              checked={allChosen && removable.length > 0}
              indeterminate={someChosen && !allChosen}
              disabled={removable.length === 0}
              onChange={(event) => chooseAll(event.target.checked)}
            >
              全选
            </Checkbox>
            <span className="field-settings-count">
              已选 {chosen.length}/{fields.length}
            </span>
          </div>
          <ul className="field-settings-options">
            {leftFields.map((field) => (
              <li key={field.prop}>
                <Checkbox
                  checked={isChosen(field)}
                  disabled={field.disabled}
                  onChange={(event) => choose(field.prop, event.target.checked)}
                >
                  {field.label}
                </Checkbox>
              </li>
            ))}
          </ul>
        </section>
        <section className="field-settings-pane" aria-label="已选字段">
          <div className="field-settings-pane-head">
            <span>已选字段</span>
            <span className="field-settings-hint">拖动调整显示顺序</span>
          </div>
          {chosen.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.atLeastOneField} />
          ) : (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={chosen.map((field) => field.prop)} strategy={verticalListSortingStrategy}>
                <ul className="field-settings-chosen-list">
                  {chosen.map((field) => (
                    <ChosenField key={field.prop} field={field} onRemove={() => choose(field.prop, false)} />
                  ))}
                </ul>
              </SortableContext>
            </DndContext>
          )}
        </section>
      </div>
    </Modal>
  );
}
