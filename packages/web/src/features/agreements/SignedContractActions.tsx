/**
 * 查看 and 下载 of a person's signed contract (spec 3 §2, §7; decision 0034), wherever an agreement is
 * listed: the personal agreement list and the person's own agreement table. 查看 of an unsigned one
 * opens no window only to close it again: it says 无签署合同 at once.
 */
import { MSG } from '@fieldpay/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { downloadSignedContract, type SignedContractRef, viewSignedContract } from './personal-agreement-calls';

export function SignedContractActions({ contract, signed }: { contract: SignedContractRef; signed: boolean }) {
  const [busy, setBusy] = useState<'view' | 'download' | null>(null);
  const run = (kind: 'view' | 'download', work: () => Promise<void>) => {
    setBusy(kind);
    // a failed call has shown the server's message already
    work()
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  return (
    <span className="list-actions">
      <Button
        type="link"
        size="small"
        loading={busy === 'view'}
        disabled={busy !== null}
        onClick={() =>
          signed ? run('view', () => viewSignedContract(contract)) : notifier().warning(MSG.noSignedContract)
        }
      >
        查看
      </Button>
      <Button
        type="link"
        size="small"
        loading={busy === 'download'}
        disabled={busy !== null}
        onClick={() => run('download', () => downloadSignedContract(contract))}
      >
        下载
      </Button>
    </span>
  );
}
