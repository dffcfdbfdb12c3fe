import { LOOKUP_KINDS, type LookupKind, type LookupQuery, type LookupRecord, type Page } from '@fieldpay/domain';
import type { DbOrTx } from '../../db/client';
import type { Principal } from '../auth/sessions';

/** How the request may see personal data: unmasked only with a live unmask token of the session. */
export interface LookupView {
  unmasked: boolean;
}

export type LookupHandler<K extends LookupKind> = (
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<K>,
  view: LookupView,
) => Promise<Page<LookupRecord<K>>>;

/** Handlers by kind; each area answers its own kinds and scopes its own rows (DESIGN §5). */
export type LookupHandlers = { [K in LookupKind]?: LookupHandler<K> };

/** The `/api/sys/lookup/{kind}` catalogue as the modules fill it: one owner per kind. */
export class LookupRegistry {
  private readonly handlers: LookupHandlers = {};
  private readonly owners = new Map<LookupKind, string>();

  add(owner: string, handlers: LookupHandlers): void {
    for (const kind of Object.keys(handlers) as LookupKind[]) {
      const previous = this.owners.get(kind);
      if (previous) throw new Error(`lookup ${kind} is answered by both ${previous} and ${owner}`);
      this.owners.set(kind, owner);
      Object.assign(this.handlers, { [kind]: handlers[kind] });
    }
  }

  handler<K extends LookupKind>(kind: K): LookupHandler<K> {
    const handler = this.handlers[kind] as LookupHandler<K> | undefined;
    if (!handler) throw new Error(`lookup ${kind} of the catalogue has no module answering it`);
    return handler;
  }

  /** Kinds of the catalogue that no module answers yet. */
  missing(): LookupKind[] {
    return LOOKUP_KINDS.filter((kind) => !this.owners.has(kind));
  }
}
