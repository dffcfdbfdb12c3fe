/**
 * The upload flow every widget shares (spec 1 §4, §5, §8): the rule of the policy on pick (type,
 * name, empty, 64 characters, size, count, each with its message), the content by its first bytes,
 * an optional extra check (exact image size), then the upload with progress rising to 99 until the
 * server answered, then 100. The server checks all of it again.
 */
import {
  MSG,
  type UploadedFile,
  type UploadPolicy,
  type UploadScene,
  type UploadTarget,
  uploadRejection,
} from '@fieldpay/domain';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api/http';
import { notifier } from '../../app/notify';
import { type AttachmentItem, activeItems, fromUploaded, removeItem } from './attachment-item';
import { uploadForm } from './file-calls';
import { contentCheck } from './upload-check';

export interface InFlightUpload {
  uid: string;
  name: string;
  /** 0–99 while sending, 100 when the server answered */
  percent: number;
}

export interface UploaderOptions {
  value: readonly AttachmentItem[] | undefined;
  onChange?(items: AttachmentItem[]): void;
  policy: UploadPolicy;
  scene: UploadScene;
  target: UploadTarget;
  uploadPath?: string;
  recordId?: string;
  /** a further check of the picked file; a message refuses it */
  extraCheck?(file: File): Promise<string | null>;
}

export interface Uploader {
  inFlight: InFlightUpload[];
  /** files shown and counted: the held ones not removed */
  active: AttachmentItem[];
  pick(file: File): void;
  remove(address: string): void;
}

let uploadCounter = 0;

export function useUploader(options: UploaderOptions): Uploader {
  const [inFlight, setInFlight] = useState<InFlightUpload[]>([]);
  // uploads finish one after another before the page re-renders: each must see the others' result
  const items = useRef<readonly AttachmentItem[]>(options.value ?? []);
  items.current = options.value ?? [];
  const latest = useRef(options);
  latest.current = options;
  /** picks accepted and not finished, counted against the limit at once */
  const reserved = useRef(0);

  const change = useCallback((next: AttachmentItem[]) => {
    items.current = next;
    latest.current.onChange?.(next);
  }, []);

  const pick = useCallback(
    (file: File) => {
      const { policy } = latest.current;
      const rejection = uploadRejection(file, policy, activeItems(items.current).length + reserved.current);
      if (rejection) {
        notifier().warning(rejection);
        return;
      }
      reserved.current += 1;
      uploadCounter += 1;
      const uid = `upload-${uploadCounter}`;
      const setPercent = (percent: number) =>
        setInFlight((list) => list.map((upload) => (upload.uid === uid ? { ...upload, percent } : upload)));
      void (async () => {
        try {
          const { scene, target, uploadPath, recordId, extraCheck } = latest.current;
          const problem = (await contentCheck(file, policy)) ?? (extraCheck ? await extraCheck(file) : null);
          if (problem) {
            notifier().warning(problem);
            return;
          }
          setInFlight((list) => [...list, { uid, name: file.name, percent: 0 }]);
          const form = new FormData();
          form.append('scene', scene);
          if (uploadPath) form.append('uploadPath', uploadPath);
          if (recordId) form.append('id', recordId);
          form.append('maxBytes', String(policy.maxBytes));
          form.append('maxCount', String(policy.maxCount));
          form.append('file', file, file.name);
          const stored = await uploadForm<UploadedFile>(target, form, setPercent);
          change([...items.current, fromUploaded(stored)]);
        } catch (error) {
          // refusals and network failures were shown by the request layer; a result-less success was not
          if (error instanceof ApiError && error.code === 'malformed') notifier().warning(MSG.noResult);
        } finally {
          reserved.current -= 1;
          setInFlight((list) => list.filter((upload) => upload.uid !== uid));
        }
      })();
    },
    [change],
  );

  const remove = useCallback((address: string) => change(removeItem(items.current, address)), [change]);

  return { inFlight, active: activeItems(options.value), pick, remove };
}
