/** One shared confirmation dialog for the console: `const confirm = useConfirm(); if (await confirm({...}))`. */
import { createContext, type ReactNode, useContext } from 'react';
import { type ConfirmOptions, useConfirmDialog } from './ConfirmDialog';

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [confirm, holder] = useConfirmDialog();
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {holder}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider above it');
  return confirm;
}
